'use client';
// Staff's notes on a person and the log of contacts with them (a call, an e-mail, a WhatsApp
// message, a visit), newest first: one list of students/api/comments/ rows of the person's
// category, a contact being a comment with its channel. Who wrote each and when comes from the
// server (the comment's user is the signed-in one).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { api, formatErrors } from '@/lib/api-client';
import { useInvalidateApi } from '@/lib/api-query';
import { type ResourceRow, useResourceRows } from '@/lib/api/resources';
import { formatDateTime } from '@/lib/format';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

const BASE = RESOURCE_BASES.comments;
const CHANNELS = ['PHONE', 'EMAIL', 'WHATSAPP', 'VISIT', 'OTHER'] as const;

type CommentRow = ResourceRow<'comments'>;

function author(user: CommentRow['user']): string {
  if (!user) return '';
  // Who wrote it by name; the username when the account has none.
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}

export function CommentLog({ category, itemId, canWrite }: { category: 'student' | 'aspirant'; itemId: number | string; canWrite: boolean }) {
  const t = useT();
  const titleId = useId();
  const invalidate = useInvalidateApi();
  const comments = useResourceRows('comments', { category, item_id: String(itemId), ordering: '-created_at', page_size: '100' });
  const [channel, setChannel] = useState<string>('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const add = async () => {
    setBusy(true);
    setProblem(null);
    const answer = await api.post(BASE, { body: { category, item_id: Number(itemId), comment: text.trim(), contact_channel: channel || null } });
    setBusy(false);
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    setText('');
    setChannel('');
    await invalidate(BASE);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="comment-log">
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('scholar.comments.title')}
      </Typography>
      {canWrite && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
          <TextField
            select
            size="small"
            label={t('fields.contact_channel')}
            value={channel}
            onChange={(event) => setChannel(event.target.value)}
            sx={{ minWidth: 190 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true }, htmlInput: { 'data-testid': 'comment-channel' } }}
          >
            <MenuItem value="">{t('scholar.comments.note')}</MenuItem>
            {CHANNELS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`enums.ContactChannel.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            multiline
            minRows={1}
            fullWidth
            label={channel ? t('scholar.comments.contact_text') : t('fields.comment')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'comment-text' } }}
          />
          <Button variant="contained" disabled={busy || !text.trim()} onClick={() => void add()} sx={{ flexShrink: 0 }} data-testid="comment-add">
            {t('scholar.comments.add')}
          </Button>
        </Stack>
      )}
      {problem && (
        <Alert severity="error" sx={{ mb: 1.5, whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      {comments.isPending && <LinearProgress aria-label={t('resource.loading')} />}
      {comments.data?.length === 0 && <Typography color="text.secondary">{t('scholar.comments.empty')}</Typography>}
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {comments.data?.map((row) => (
          <Stack component="li" key={row.id} spacing={0.5} sx={{ borderLeft: 3, borderColor: row.contact_channel ? 'primary.main' : 'divider', pl: 1.5 }} data-testid="comment-entry">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" variant={row.contact_channel ? 'filled' : 'outlined'} color={row.contact_channel ? 'primary' : 'default'} label={row.contact_channel ? t(`enums.ContactChannel.${row.contact_channel}`) : t('scholar.comments.note')} />
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(row.created_at)}
                {author(row.user) ? ` · ${author(row.user)}` : ''}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {row.comment}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
