'use client';
// Shows a stored PDF or image in a dialog (spec: "file and PDF viewer"), with its download.
import Download from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useT } from './use-t';

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

export function FileViewer({ open, url, name, onClose }: { open: boolean; url: string; name: string; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const inline = `${url}?inline=true`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth fullScreen={fullScreen} data-testid="file-viewer">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, bgcolor: 'grey.100', display: 'flex', justifyContent: 'center' }}>
        {IMAGE.test(name) ? (
          <Box component="img" src={inline} alt={name} sx={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain', m: 2 }} />
        ) : (
          <Box component="iframe" src={inline} title={name} sx={{ width: '100%', height: { xs: '80vh', sm: '75vh' }, border: 0 }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<Download />} component="a" href={url} download={name}>
          {t('resource.file_download')}
        </Button>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('resource.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
