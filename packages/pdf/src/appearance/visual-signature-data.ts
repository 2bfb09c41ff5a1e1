/** What a visible signature shows. All strings are final text (dates already formatted). */
export interface VisualSignatureData {
  /** The signer's name, shown largest. */
  name: string;
  /** A second line under the name, e.g. the company. */
  optionalLine?: string;
  location?: string;
  /** Already formatted in the signer's language. */
  date?: string;
  /** e.g. "Qualified electronic signature". */
  qualityLabel?: string;
  /** e.g. "eIDAS" or "ZertES". */
  legislationLabel?: string;
  /** The trust service that issued the certificate, shown after quality and legislation. */
  providerLabel?: string;
  /** A short statement, e.g. "Signed electronically with Signet". */
  claim?: string;
  /** When given, a QR code pointing here is drawn at the left (vector rectangles). */
  qrUrl?: string;
  /** A PNG or JPEG image of a handwritten signature, drawn above the name. */
  image?: Uint8Array;
  /** Part 11 signature manifestation: printed name, meaning (reason) and time of signing. */
  part11?: { signingName: string; reason: string; time: string };
}

/** Size of the field as displayed (points), and the page rotation the appearance compensates. */
export interface AppearanceBox {
  width: number;
  height: number;
  rotation?: 0 | 90 | 180 | 270;
}
