// The demo school's invoicing: its fictitious CSD in the settings (encrypted, as an upload stores
// it), its place of issue and serie, and real CFDI for the invoices the generator marks stamped or
// cancelled — sealed with that CSD on their issue date and stamped as the fake PAC stamps, keeping
// the generated UUIDs — so every demo invoice's XML and PDF are what a school would download.
import { buildCfdiDocument } from '../../../lib/cfdi/build';
import { cadenaOriginal } from '../../../lib/cfdi/document';
import { mexicoTime } from '../../../lib/cfdi/time';
import { cfdiXml } from '../../../lib/cfdi/xml';
import { encryptSecret } from '../../../server/auth/crypto';
import type { PrismaClient } from '../../../server/db/generated/client';
import { openCredential } from '../../../server/esign/credential';
import { INVOICE_FOR_CFDI, invoiceFacts } from '../../../server/modules/invoices/cfdi';
import { fakeStamp } from '../../../server/modules/invoices/pac/fake';
import { demoCredential } from './demo';

/** The demo campus's postal code in Guadalajara, where its invoices are issued. */
export const DEMO_EXPEDITION_PLACE = '44100';

export async function seedSchoolCsd(prisma: PrismaClient): Promise<void> {
  const files = demoCredential('school-csd');
  const credential = openCredential(files.cer, files.key, files.password);
  await prisma.setting.updateMany({
    data: {
      csd_certificate: credential.certificate.base64,
      csd_key: encryptSecret(files.key.toString('base64')),
      csd_password: encryptSecret(files.password),
      csd_number: credential.certificate.number,
      csd_valid_from: credential.certificate.validFrom,
      csd_valid_to: credential.certificate.validTo,
      expedition_place: DEMO_EXPEDITION_PLACE,
      invoice_serie: 'A',
    },
  });
}

export async function sealDemoInvoices(prisma: PrismaClient): Promise<number> {
  const files = demoCredential('school-csd');
  const csd = openCredential(files.cer, files.key, files.password);
  let sealed = 0;
  for (let after = 0; ; ) {
    const invoices = await prisma.invoice.findMany({ where: { id: { gt: after }, uuid: { not: null } }, orderBy: { id: 'asc' }, take: 500, select: { ...INVOICE_FOR_CFDI, stamped_at: true } });
    if (!invoices.length) break;
    after = invoices[invoices.length - 1].id;
    const rows = invoices.map((invoice) => {
      const issued = invoice.expedition_date < csd.certificate.validFrom ? csd.certificate.validFrom : invoice.expedition_date;
      const doc = buildCfdiDocument(invoiceFacts({ ...invoice, expedition_place: invoice.expedition_place || DEMO_EXPEDITION_PLACE }, mexicoTime(issued)), csd.certificate);
      const xml = cfdiXml(doc, csd.sign(cadenaOriginal(doc)));
      const stamped = fakeStamp(xml, { uuid: invoice.uuid!, at: invoice.stamped_at ?? issued }).xml;
      return { id: invoice.id, xml: stamped, subtotal: doc.SubTotal, descuento: doc.Descuento ?? '0.00', total: doc.Total, transfer: doc.impuestos?.TotalImpuestosTrasladados ?? '0.00' };
    });
    await prisma.$executeRawUnsafe(
      `UPDATE invoices SET xml = v.xml, subtotal = v.subtotal::numeric, descuento = v.descuento::numeric, total = v.total::numeric, isp_transfer = v.transfer::numeric
         FROM (SELECT unnest($1::int[]) AS id, unnest($2::text[]) AS xml, unnest($3::text[]) AS subtotal, unnest($4::text[]) AS descuento, unnest($5::text[]) AS total, unnest($6::text[]) AS transfer) v
        WHERE invoices.id = v.id`,
      rows.map((row) => row.id),
      rows.map((row) => row.xml),
      rows.map((row) => row.subtotal),
      rows.map((row) => row.descuento),
      rows.map((row) => row.total),
      rows.map((row) => row.transfer),
    );
    sealed += rows.length;
  }
  return sealed;
}
