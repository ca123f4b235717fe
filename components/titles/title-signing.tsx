'use client';
// A title's signing and its way through SEP, on the title's page: what still stops it (each
// problem on its field's label), the signers to choose (two or more, each with their certificate's
// number and validity), Sign, Send to SEP, Void the signature (a signed title not yet sent goes back
// to draft, with a reason), Check status at SEP, the signed XML, and the log. Every step asks yes/no
// first; the server decides (GET/POST academic/api/electronic-titles/{id}/...).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { downloadFile } from '@/components/resource/download';
import { useT } from '@/components/resource/use-t';
import { type ApiErrorData, formatErrors } from '@/lib/api-client';
import { useInvalidateApi } from '@/lib/api-query';
import { actionUrl, callAction, useActionQuery } from '@/lib/api/actions';
import { cancelTitleAtSep, postTitleToSep, signTitle, titleSepStatus, titleSigning, titleXml, voidTitleSignature } from '@/lib/contracts/academic';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { formatDate, formatDateTime } from '@/lib/format';

const BASE = RESOURCE_BASES.electronicTitles;

type Step = 'sign' | 'send' | 'check' | 'cancel' | 'void';

/** What a step came to: the notice to show, or the API's refusal. */
type Outcome = { ok: true; notice: string } | { ok: false; data: ApiErrorData };

export function TitleSigning({ titleId, canAct }: { titleId: number | string; canAct: boolean }) {
  const t = useT();
  const headingId = useId();
  const invalidate = useInvalidateApi();
  const facts = useActionQuery(titleSigning, { params: { id: titleId } });
  const [chosen, setChosen] = useState<number[]>([]);
  const [asking, setAsking] = useState<Step | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const data = facts.data;

  const toggle = (id: number) => setChosen((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]));

  /** One step's call, and the notice its answer gives. */
  const perform = async (step: Step, reason?: string): Promise<Outcome> => {
    const params = { id: titleId };
    const checked = (answer: { status: string; message: string }) => t('titles.panel.checked', { status: t(`enums.TitleStatus.${answer.status}`), message: answer.message });
    switch (step) {
      case 'sign': {
        const answer = await callAction(signTitle, { params, body: { responsable_ids: chosen } });
        return answer.ok ? { ok: true, notice: t('titles.panel.signed') } : answer;
      }
      case 'send': {
        const answer = await callAction(postTitleToSep, { params });
        return answer.ok ? { ok: true, notice: t('titles.panel.sent', { batch: answer.data.batch_no }) } : answer;
      }
      case 'check': {
        const answer = await callAction(titleSepStatus, { params });
        return answer.ok ? { ok: true, notice: checked(answer.data) } : answer;
      }
      case 'cancel': {
        const answer = await callAction(cancelTitleAtSep, { params, body: { reason: reason ?? '' } });
        return answer.ok ? { ok: true, notice: checked(answer.data) } : answer;
      }
      case 'void': {
        const answer = await callAction(voidTitleSignature, { params, body: { reason: reason ?? '' } });
        return answer.ok ? { ok: true, notice: t('titles.panel.voided') } : answer;
      }
    }
  };

  const run = async (step: Step, reason?: string) => {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    const answer = await perform(step, reason);
    setBusy(false);
    setAsking(null);
    if (!answer.ok) {
      setProblem(formatErrors(answer.data).join('\n'));
    } else {
      setNotice(answer.notice);
      setChosen([]);
    }
    await invalidate(BASE, RESOURCE_BASES.titleLogs);
  };

  const download = async () => {
    const result = await downloadFile(actionUrl(titleXml, { query: { id: String(titleId) } }), `${data?.folio_control ?? 'titulo'}.xml`);
    if (!result.ok) setProblem(formatErrors(result.data as never).join('\n'));
  };

  const folio = data?.folio_control ?? '';
  const question = { sign: t('titles.panel.confirm_sign', { folio, count: chosen.length }), send: t('titles.panel.confirm_send', { folio }), cancel: t('titles.panel.confirm_cancel', { folio }), void: t('titles.panel.confirm_void', { folio }), check: '' }[asking ?? 'check'];

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="title-signing">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('titles.panel.title')}
        </Typography>
        {data && <Chip label={`${t('titles.panel.status')}: ${t(`enums.TitleStatus.${data.status}`)}`} color={data.status === 'ACCEPTED' ? 'success' : data.status === 'REJECTED' ? 'error' : 'default'} data-testid="title-status" />}
        {data?.batch_no && <Chip variant="outlined" label={`${t('titles.panel.batch')}: ${data.batch_no}`} />}
      </Stack>
      {facts.isPending && <LinearProgress aria-label={t('resource.loading')} />}
      {problem && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="title-problem">
          {problem}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="title-notice">
          {notice}
        </Alert>
      )}
      {data && (
        <Stack spacing={2.5}>
          {data.steps.includes('sign') &&
            (data.problems.length > 0 ? (
              <Alert severity="warning" data-testid="title-problems">
                <Typography variant="subtitle2">{t('titles.panel.problems')}</Typography>
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {data.problems.map((item) => (
                    <li key={item.field}>
                      {t(`fields.${item.field}`)}: {t(item.key, item.values)}
                    </li>
                  ))}
                </ul>
              </Alert>
            ) : (
              <Alert severity="info">{t('titles.panel.no_problems')}</Alert>
            ))}
          {data.signed.length > 0 && (
            <div>
              <Typography variant="subtitle2">{t('titles.panel.signed_by')}</Typography>
              {data.signed.map((signer) => (
                <Typography key={signer.curp} variant="body2" data-testid="title-signed-by">
                  {signer.name} · {signer.cert_no}
                </Typography>
              ))}
            </div>
          )}
          {canAct && data.steps.includes('sign') && (
            <div>
              <Typography variant="subtitle2">{t('titles.panel.signers')}</Typography>
              <Typography variant="caption" color="text.secondary">
                {t('titles.panel.signers_hint')}
              </Typography>
              <Stack>
                {data.signers.map((signer) => (
                  <FormControlLabel
                    key={signer.id}
                    disabled={!signer.usable}
                    control={<Checkbox checked={chosen.includes(signer.id)} onChange={() => toggle(signer.id)} slotProps={{ input: { 'aria-describedby': `signer-${signer.id}-cert` } }} data-testid={`title-signer-${signer.id}`} />}
                    label={
                      <span>
                        {[signer.abr_title, signer.name].filter(Boolean).join(' ')}
                        {signer.charge ? ` — ${signer.charge}` : ''}
                        <Typography id={`signer-${signer.id}-cert`} component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {signer.certificate ? t('titles.panel.certificate', { number: signer.certificate.number, from: formatDate(signer.certificate.valid_from), to: formatDate(signer.certificate.valid_to) }) : t('titles.panel.no_certificate')}
                          {!signer.usable && signer.certificate ? ` · ${t('titles.panel.not_usable')}` : ''}
                        </Typography>
                      </span>
                    }
                  />
                ))}
              </Stack>
            </div>
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {canAct && data.steps.includes('sign') && (
              <Button variant="contained" disabled={busy || chosen.length < 2 || data.problems.length > 0} onClick={() => setAsking('sign')} data-testid="title-sign">
                {t('titles.panel.sign')}
              </Button>
            )}
            {canAct && data.steps.includes('send') && (
              <Button variant="contained" disabled={busy} onClick={() => setAsking('send')} data-testid="title-send">
                {t('titles.panel.send')}
              </Button>
            )}
            {canAct && data.steps.includes('void') && (
              <Button variant="outlined" color="warning" disabled={busy} onClick={() => setAsking('void')} data-testid="title-void-signature">
                {t('titles.panel.void')}
              </Button>
            )}
            {canAct && data.status === 'SENT' && (
              <Button variant="outlined" disabled={busy} onClick={() => void run('check')} data-testid="title-check">
                {t('titles.panel.check')}
              </Button>
            )}
            {canAct && data.steps.includes('cancel') && (
              <Button variant="outlined" color="error" disabled={busy} onClick={() => setAsking('cancel')} data-testid="title-cancel">
                {t('titles.panel.cancel')}
              </Button>
            )}
            {data.has_xml && (
              <Button variant="outlined" onClick={() => void download()} data-testid="title-download">
                {t('titles.panel.download')}
              </Button>
            )}
          </Stack>
          <div>
            <Typography variant="subtitle2" component="h3">
              {t('titles.panel.log')}
            </Typography>
            {data.logs.length === 0 && <Typography color="text.secondary">{t('titles.panel.log_empty')}</Typography>}
            <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.logs.map((log) => (
                <Stack component="li" key={log.id} direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} data-testid="title-log">
                  <Chip size="small" label={t(`enums.TitleStatus.${log.status}`)} />
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(log.created_at)}
                    {log.user ? ` · ${log.user}` : ''}
                    {log.item_no ? ` · ${t('titles.panel.batch')} ${log.item_no}` : ''}
                  </Typography>
                  <Typography variant="body2">{log.message}</Typography>
                </Stack>
              ))}
            </Stack>
          </div>
        </Stack>
      )}
      <ConfirmDialog
        open={asking !== null && asking !== 'check'}
        destructive={asking === 'cancel' || asking === 'void'}
        askReason={asking === 'cancel' || asking === 'void'}
        busy={busy}
        message={question}
        onConfirm={(reason) => void run(asking!, reason)}
        onCancel={() => setAsking(null)}
      />
    </Paper>
  );
}
