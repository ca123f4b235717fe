'use client';
// A file field of a form: choose a file (checked here for size, by the API for what it really is),
// see which file the record holds, and view or download it with its real name.
import Download from '@mui/icons-material/DownloadOutlined';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import { isFile, storedFileName } from '@/lib/resource-ui';
import type { FieldInputProps } from './form-fields';
import { useT } from './use-t';

const FileViewer = dynamic(() => import('./file-viewer').then((module) => module.FileViewer), { ssr: false });

export function FileInput({ field, value, error, disabled, record, onChange, label }: FieldInputProps & { label: string }) {
  const t = useT();
  const inputId = useId();
  const [viewing, setViewing] = useState(false);
  const chosen = isFile(value) ? value : null;
  const stored = record?.[field.name];
  // Disk files are named by their stored path; database files (certificates) only say they exist.
  const storedName = field.file?.base ? storedFileName(stored) : stored || record?.[field.storedFlag ?? ''] === true ? t('resource.file_stored') : null;
  const url = field.file?.base && storedName && record?.id !== undefined ? `${field.file.base}${record.id}/file/${field.name}/` : null;
  return (
    <FormControl error={!!error} disabled={disabled} fullWidth data-testid={`field-${field.name}`}>
      <FormLabel htmlFor={inputId} required={field.required} sx={{ fontSize: '0.8rem', mb: 0.5 }}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button component="label" variant="outlined" size="small" startIcon={<UploadFile />} disabled={disabled}>
          {t('resource.file_choose')}
          <input
            id={inputId}
            type="file"
            name={field.name}
            accept={field.file?.accept}
            hidden
            onChange={(event) => {
              onChange(field.name, event.target.files?.[0] ?? '');
              // The same file chosen again after a fix must fire again.
              event.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" color={chosen || storedName ? 'text.primary' : 'text.secondary'} sx={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid={`file-name-${field.name}`}>
          {chosen ? chosen.name : (storedName ?? t('resource.file_none'))}
        </Typography>
        {!chosen && url && (
          <>
            <Button size="small" startIcon={<Visibility />} onClick={() => setViewing(true)} data-testid={`file-view-${field.name}`}>
              {t('resource.file_view')}
            </Button>
            <Button size="small" startIcon={<Download />} component="a" href={url} download={storedName ?? undefined} data-testid={`file-download-${field.name}`}>
              {t('resource.file_download')}
            </Button>
          </>
        )}
      </Stack>
      <FormHelperText>{error ?? t('resource.file_helper', { types: field.file?.accept.replace(/,/g, ', ') ?? '' })}</FormHelperText>
      {viewing && url && storedName && <FileViewer open={viewing} url={url} name={storedName} onClose={() => setViewing(false)} />}
    </FormControl>
  );
}
