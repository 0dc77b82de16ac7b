import type { Message, Translation } from "../catalog-types.js";

/**
 * The OS keyring (src/config/keyring.ts; `auth login`, `logout`, `status`): a secret kept, not
 * found, or the keyring unusable.
 */
export const en = {
  "keyring.locked": "the keyring did not give access to the secret: {why}",
  "keyring.silent": "the keyring did not answer within {seconds} s",
  "keyring.lockedHint":
    "unlock the keyring (log in to the desktop session, or `gnome-keyring-daemon --unlock`), then try again; or log in with --insecure-storage to keep the secret in the 0600 file",
  "keyring.failed": "the keyring refused the call: {why}",
  "keyring.failedHint":
    "check the keyring service (on Linux: a Secret Service such as gnome-keyring in the D-Bus session), or log in with --insecure-storage",
  "keyring.unreachable":
    "the secret of profile '{profile}' is in the system keyring, which does not answer here ({why})",
  "keyring.unreachableHint":
    "run it where the keyring answers (the desktop session), or log in here: tradectl --profile {profile} auth login (the file is the fallback), or set TRADECTL_API_KEY and TRADECTL_API_SECRET",
  "keyring.missing":
    "the secret of profile '{profile}' is not in the keyring any more (the config file says it is there)",
  "keyring.missingHint": "log in again: tradectl --profile {profile} auth login",
  "keyring.fallback":
    "No keyring answered ({why}): the secret is in the file {path} (mode 0600). Use --insecure-storage to say so on purpose.",
  "keyring.savedIn":
    "Secret saved in the system keyring; {path} holds the key and where the secret is",
  "keyring.savedInFile": "Saved to {path} (the secret in the file, --insecure-storage)",
  "keyring.moved": "The secret of profile '{profile}' moved from {path} to the system keyring",
  "keyring.removed": "Removed the secret of profile '{profile}' from the system keyring",
  "keyring.leftThere":
    "the secret of profile '{profile}' stays in the system keyring, which does not answer here ({why}); remove it where it answers (on Linux: secret-tool clear service tradectl username {profile})",
  "keyring.insecure": "keep the secret in the config file (mode 0600), not in the system keyring",
  "keyring.statusSecret": "Secret",
  "keyring.store.keyring": "in the system keyring",
  "keyring.store.file": "in the config file",
  "keyring.store.env": "in TRADECTL_API_SECRET",
  "keyring.store.sandbox": "the sandbox's demo secret",
} as const satisfies Record<string, Message>;

export const tr = {
  "keyring.locked": "anahtarlık gizli anahtara erişim vermedi: {why}",
  "keyring.silent": "anahtarlık {seconds} sn içinde yanıt vermedi",
  "keyring.lockedHint":
    "anahtarlığın kilidini açın (masaüstü oturumuna girin ya da `gnome-keyring-daemon --unlock`), sonra yeniden deneyin; ya da gizli anahtarı 0600 dosyada tutmak için --insecure-storage ile giriş yapın",
  "keyring.failed": "anahtarlık çağrıyı reddetti: {why}",
  "keyring.failedHint":
    "anahtarlık hizmetini kontrol edin (Linux'ta D-Bus oturumunda gnome-keyring gibi bir Secret Service), ya da --insecure-storage ile giriş yapın",
  "keyring.unreachable":
    "'{profile}' profilinin gizli anahtarı sistem anahtarlığında, ama anahtarlık burada yanıt vermiyor ({why})",
  "keyring.unreachableHint":
    "anahtarlığın yanıt verdiği yerde çalıştırın (masaüstü oturumu), ya da burada giriş yapın: tradectl --profile {profile} auth login (yedek yer dosyadır), ya da TRADECTL_API_KEY ve TRADECTL_API_SECRET ayarlayın",
  "keyring.missing":
    "'{profile}' profilinin gizli anahtarı artık anahtarlıkta değil (yapılandırma dosyası orada olduğunu söylüyor)",
  "keyring.missingHint": "yeniden giriş yapın: tradectl --profile {profile} auth login",
  "keyring.fallback":
    "Hiçbir anahtarlık yanıt vermedi ({why}): gizli anahtar {path} dosyasında (mod 0600). Bunu bilerek seçmek için --insecure-storage kullanın.",
  "keyring.savedIn":
    "Gizli anahtar sistem anahtarlığına kaydedildi; {path} anahtarı ve gizli anahtarın nerede olduğunu tutuyor",
  "keyring.savedInFile": "Kaydedildiği yer: {path} (gizli anahtar dosyada, --insecure-storage)",
  "keyring.moved":
    "'{profile}' profilinin gizli anahtarı {path} dosyasından sistem anahtarlığına taşındı",
  "keyring.removed": "'{profile}' profilinin gizli anahtarı sistem anahtarlığından silindi",
  "keyring.leftThere":
    "'{profile}' profilinin gizli anahtarı sistem anahtarlığında kalıyor, anahtarlık burada yanıt vermiyor ({why}); yanıt verdiği yerde silin (Linux'ta: secret-tool clear service tradectl username {profile})",
  "keyring.insecure":
    "gizli anahtarı sistem anahtarlığında değil, yapılandırma dosyasında (mod 0600) tut",
  "keyring.statusSecret": "Gizli anahtar",
  "keyring.store.keyring": "sistem anahtarlığında",
  "keyring.store.file": "yapılandırma dosyasında",
  "keyring.store.env": "TRADECTL_API_SECRET içinde",
  "keyring.store.sandbox": "sandbox'ın deneme gizli anahtarı",
} as const satisfies Translation<typeof en>;
