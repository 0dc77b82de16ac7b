/** An API key pair as Authentication V1 uses it (docs/SERVICE-NOTES.md). */
export interface Credentials {
  publicKey: string;
  /** The base64 private key. Never logged, never put in an error. */
  secret: string;
}
