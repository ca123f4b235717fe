// The public verification page of an issued document (issue 30): the URL its QR code carries. No
// sign-in, no menu, readable on a phone: the document's type, folio, date and holder, what it
// states, and whether it is valid (its seal verified against the school's certificate now) or
// revoked (date and reason). A malformed and an unknown token read alike. Every visit counts against
// the visitor's address, as the verification API does; and anyone may upload the PDF they hold to
// learn whether it is exactly the one issued.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { VerifyUpload } from '@/components/documents/verify-upload';
import { statementDate } from '@/lib/documents/statement';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/server/errors';
import { type Verification, checkVerificationRate, verifyToken } from '@/server/modules/documents';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('documents.verify');
  return { title: t('title'), robots: { index: false, follow: false } };
}

async function lookUp(token: string): Promise<{ found: Verification } | { problem: 'not_found' | 'rate_limited' }> {
  const address = ((await headers()).get('x-forwarded-for') ?? '').split(',')[0].trim();
  try {
    checkVerificationRate(address);
    return { found: await verifyToken(token) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return { problem: 'rate_limited' };
    if (error instanceof ApiError && error.status === 404) return { problem: 'not_found' };
    throw error;
  }
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}:
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Box>
  );
}

export default async function VerificationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations('documents.verify');
  const outcome = await lookUp(token);
  const found = 'found' in outcome ? outcome.found : null;
  const statement = found?.statement ?? null;
  const kind = statement?.type.kind;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {!found && (
        <Alert severity={'problem' in outcome && outcome.problem === 'rate_limited' ? 'warning' : 'error'} data-testid="verify-not-found">
          {'problem' in outcome && outcome.problem === 'rate_limited' ? t('rate_limited') : t('not_found')}
        </Alert>
      )}
      {found && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="verify-document" data-state={found.state}>
          {found.state === 'VALID' && (
            <Alert severity="success" data-testid="verify-state">
              <strong>{t('state.VALID')}</strong> — {t('valid_detail', { certificate: found.cert_number })}
            </Alert>
          )}
          {found.state === 'REVOKED' && (
            <Alert severity="error" data-testid="verify-state">
              <strong>{t('state.REVOKED')}</strong> — {t('revoked_detail', { date: formatDateTime(found.revoked_at), reason: found.revoke_reason ?? '' })}
              {found.replaced_by ? ` ${t('replaced_by', { folio: found.replaced_by })}` : ''}
            </Alert>
          )}
          {found.state === 'INVALID' && (
            <Alert severity="error" data-testid="verify-state">
              <strong>{t('state.INVALID')}</strong> — {t('invalid_detail')}
            </Alert>
          )}
          <Box sx={{ mt: 2 }}>
            <Fact label={t('type')} value={statement?.type.name ?? found.type.name} />
            <Fact label={t('folio')} value={found.folio} />
            <Fact label={t('date')} value={statement ? statementDate(statement.issued_on) : formatDateTime(found.issued_at)} />
            <Fact label={t('holder')} value={found.holder} />
            <Fact label={t('institution')} value={statement?.institution} />
            <Fact label={t('no_control')} value={statement?.holder.no_control} />
            <Fact label={t('career')} value={statement?.career} />
            <Fact label={t('period')} value={statement?.period ? `${statement.period.description} (${statementDate(statement.period.start)} – ${statementDate(statement.period.end)})` : null} />
            <Fact label={t('group')} value={statement?.enrolment ? `${statement.enrolment.grade}.º · ${statement.enrolment.group}` : null} />
            <Fact label={t('signer')} value={statement ? `${statement.signer.name}, ${statement.signer.position}` : null} />
          </Box>
          {statement && (
            <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="verify-text">
              {statement.text}
            </Typography>
          )}
          {statement?.subjects?.length ? (
            <Box sx={{ mt: 2, overflowX: 'auto' }}>
              <Table size="small" aria-label={t('subjects')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('subject')}</TableCell>
                    {kind === 'BOLETA' && Array.from({ length: statement.partials ?? 0 }, (_, index) => <TableCell key={index} align="center">{t('partial', { n: index + 1 })}</TableCell>)}
                    {kind === 'BOLETA' && <TableCell align="center">{t('final')}</TableCell>}
                    {kind === 'CERTIFICADO' && <TableCell>{t('period')}</TableCell>}
                    {kind === 'CERTIFICADO' && <TableCell align="center">{t('score')}</TableCell>}
                    {kind === 'CERTIFICADO' && <TableCell align="right">{t('credits')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {statement.subjects.map((subject, index) => (
                    <TableRow key={`${subject.code}-${index}`}>
                      <TableCell>
                        {subject.code} · {subject.name}
                      </TableCell>
                      {kind === 'BOLETA' && (subject.partials ?? []).map((score, partial) => <TableCell key={partial} align="center">{score ?? ''}</TableCell>)}
                      {kind === 'BOLETA' && <TableCell align="center">{subject.final ?? ''}</TableCell>}
                      {kind === 'CERTIFICADO' && <TableCell>{subject.period ?? ''}</TableCell>}
                      {kind === 'CERTIFICADO' && <TableCell align="center">{subject.score ?? ''}</TableCell>}
                      {kind === 'CERTIFICADO' && <TableCell align="right">{subject.credits ?? ''}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {statement.summary && (
                <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
                  {[statement.summary.average ? `${t('average')}: ${statement.summary.average}` : null, statement.summary.credits ? `${t('credits')}: ${statement.summary.credits}` : null].filter(Boolean).join(' · ')}
                </Typography>
              )}
            </Box>
          ) : null}
        </Paper>
      )}
      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('upload_title')}
      </Typography>
      <VerifyUpload />
    </Container>
  );
}
