'use client';

// The remote aspirant's board: where their admission stands and what to do next. The status comes
// from the aspirant's own record; without it the board still says something useful.
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useShell } from '@/components/shell/ShellContext';
import HomeHeader from './HomeHeader';
import { useResourceRecord } from '@/lib/api/resources';

// The application, documents and payment load after the board: its first paint does not wait for them.
const AspirantApplication = dynamic(() => import('./AspirantApplication').then((module) => module.AspirantApplication), { ssr: false });

/** The aspirant statuses in the order an admission goes through them (spec section 4). */
const STEPS = ['PRE', 'REV', 'PEND', 'PAY', 'INS'] as const;

export default function AspirantHome() {
  const t = useTranslations('shell.home');
  const { user } = useShell();
  const aspirantId = user.aspirant_id;
  const record = useResourceRecord('aspirants', aspirantId, { callType: 'aspirant-board', select: (data) => data.status });
  // undefined while loading; null when there is no record or it could not be read.
  const status = !aspirantId || record.isError ? null : record.data;
  const step = status ? STEPS.indexOf(status as (typeof STEPS)[number]) : -1;
  const key = step >= 0 ? STEPS[step] : 'unknown';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <HomeHeader intro={t('aspirant_intro')} />
      <Paper variant="outlined" data-testid="aspirant-board" sx={{ p: { xs: 2.5, md: 4 }, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
            {t('aspirant_status')}
          </Typography>
          {status === undefined ? (
            <Skeleton variant="rounded" width={110} height={24} />
          ) : (
            <Chip data-testid="aspirant-status" label={t(`aspirant_statuses.${key}`)} color={key === 'INS' ? 'success' : key === 'unknown' ? 'default' : 'primary'} size="small" />
          )}
        </Box>
        {step >= 0 && (
          // On a phone too: the labels go under their steps in a smaller type, so the five fit in 390 px.
          <Stepper
            activeStep={key === 'INS' ? STEPS.length : step}
            alternativeLabel
            data-testid="aspirant-stepper"
            sx={{ mx: { xs: -1.5, sm: 0 }, '& .MuiStepLabel-label.MuiStepLabel-alternativeLabel': { fontSize: { xs: '0.7rem', sm: '0.875rem' }, mt: { xs: 0.75, sm: 2 } }, '& .MuiStep-root': { px: { xs: 0.25, sm: 1 } } }}
          >
            {STEPS.map((code) => (
              <Step key={code}>
                <StepLabel>{t(`aspirant_statuses.${code}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        {status !== undefined && (
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
              {t('aspirant_next')}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{t(`aspirant_steps.${key}`)}</Typography>
          </Box>
        )}
      </Paper>
      {aspirantId && <AspirantApplication aspirantId={aspirantId} />}
    </Box>
  );
}
