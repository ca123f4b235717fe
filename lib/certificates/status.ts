// The life of an electronic certificate of studies: issuing builds and seals it at once (SIGNED);
// a signed one is cancelled with a reason (CANCELLED) and a new one is issued under a new folio —
// a folio printed on a certificate is never used again. DRAFT is the model's starting value for a
// certificate prepared but not sealed; Plantel's issue seals in the same transaction, so none stays
// there. Pure: the actions ask it before they touch anything, the screen asks it which buttons to show.

export const CERTIFICATE_STATUSES = ['DRAFT', 'SIGNED', 'CANCELLED'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const CERTIFICATE_STEPS = {
  sign: { from: ['DRAFT'], to: 'SIGNED' },
  cancel: { from: ['SIGNED'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly CertificateStatus[]; to: CertificateStatus }>;

export type CertificateStep = keyof typeof CERTIFICATE_STEPS;

/** The status after a step, or null when the certificate's status does not allow it. */
export function nextCertificateStatus(status: CertificateStatus, step: CertificateStep): CertificateStatus | null {
  const rule = CERTIFICATE_STEPS[step];
  return (rule.from as readonly CertificateStatus[]).includes(status) ? rule.to : null;
}

/** Whether the certificate has a sealed XML to hand over. */
export function hasSealedXml(status: CertificateStatus): boolean {
  return status !== 'DRAFT';
}
