// The demo's title signers get their e.firma (signer-N.cer/.key, in the order of TITLE_SIGNERS) the
// way the school would upload it: the certificate as Base64 with its 20-digit number, the key and
// its password encrypted with AUTH_SECRET. Each file names its holder's CURP, which finds the row.
// Without AUTH_SECRET (a bare `db:seed`) nothing can be encrypted that the server could open later:
// the signers stay without e.firma and the log says so.
import type { PrismaClient } from '../../../server/db/generated/client';
import { encryptSecret } from '../../../server/auth/crypto';
import { authSecret } from '../../../server/env';
import { readCertificate } from '../../../server/esign/credential';
import { demoCredential } from './demo';

export const DEMO_SIGNER_FILES = ['signer-1', 'signer-2'] as const;

export async function seedSignerCredentials(prisma: PrismaClient, log: (line: string) => void = () => undefined): Promise<number> {
  if (!authSecret()) {
    log('title signers: AUTH_SECRET is not set, their demo e.firma is not stored');
    return 0;
  }
  let stored = 0;
  for (const file of DEMO_SIGNER_FILES) {
    const { cer, key, password } = demoCredential(file);
    const { info } = readCertificate(cer);
    if (!info.curp) continue;
    const { count } = await prisma.titleResponsable.updateMany({
      where: { curp: info.curp },
      data: { certificate: info.base64, cert_no: info.number, key: encryptSecret(key.toString('base64')), key_password: encryptSecret(password) },
    });
    stored += count;
  }
  return stored;
}
