import type { Message, Translation } from "../catalog-types.js";

/**
 * The address family of every connection (`--ip-family`, api/connection-path.ts), and where `auth
 * doctor`'s requests left from.
 */
export const en = {
  "network.opt": "connect over IPv4 or IPv6 only: 4 or 6 (also TRADECTL_IP_FAMILY)",
  "network.badFamily": "{origin} gives the address family '{value}'; it must be 4 or 6",
  "network.familyHint":
    "give --ip-family 4 or --ip-family 6 (also TRADECTL_IP_FAMILY, or a profile's ipFamily)",
  "network.from": "from {local}, IPv{family}",
  /** A finding's detail, then where its request left from (commands/auth/doctor-path.ts). */
  "network.detailFrom": "{detail} ({from})",
  "network.otherFamily":
    "the key is refused over IPv{refused} (from {refusedFrom}) and accepted over IPv{accepted} (from {acceptedFrom}): the key is bound to this machine's IPv{accepted} address",
  "network.otherFamilyFix":
    'add --ip-family {family} to each command, or set it once: TRADECTL_IP_FAMILY={family}, or "ipFamily": {family} in the profile',
  "network.otherRefused":
    "also refused over IPv{family} (from {local}): not the address family; the key pair, or a binding to another address",
  "network.otherUnreached": "not tried over IPv{family}: {message}",
} as const satisfies Record<string, Message>;

export const tr = {
  "network.opt":
    "yalnızca IPv4 ya da IPv6 üzerinden bağlan: 4 ya da 6 (TRADECTL_IP_FAMILY de olur)",
  "network.badFamily": "{origin} adres ailesi olarak '{value}' veriyor; 4 ya da 6 olmalı",
  "network.familyHint":
    "--ip-family 4 ya da --ip-family 6 verin (TRADECTL_IP_FAMILY ya da profilin ipFamily ayarı da olur)",
  "network.from": "{local} adresinden, IPv{family}",
  "network.detailFrom": "{detail} ({from})",
  "network.otherFamily":
    "anahtar IPv{refused} üzerinden reddediliyor ({refusedFrom} adresinden), IPv{accepted} üzerinden kabul ediliyor ({acceptedFrom} adresinden): anahtar bu makinenin IPv{accepted} adresine bağlı",
  "network.otherFamilyFix":
    'her komuta --ip-family {family} ekleyin ya da bir kez ayarlayın: TRADECTL_IP_FAMILY={family} ya da profilde "ipFamily": {family}',
  "network.otherRefused":
    "IPv{family} üzerinden de reddedildi ({local} adresinden): sorun adres ailesi değil; anahtar çifti ya da başka bir adrese bağlanmış olması",
  "network.otherUnreached": "IPv{family} üzerinden denenemedi: {message}",
} as const satisfies Translation<typeof en>;
