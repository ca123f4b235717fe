'use client';
// Row action icons by name: configurations are plain data, so they name icons instead of
// importing them.
import AssignmentLate from '@mui/icons-material/AssignmentLateOutlined';
import Block from '@mui/icons-material/Block';
import WorkspacePremium from '@mui/icons-material/WorkspacePremiumOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import CalendarMonth from '@mui/icons-material/CalendarMonthOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GradeOutlined from '@mui/icons-material/GradeOutlined';
import History from '@mui/icons-material/History';
import Key from '@mui/icons-material/Key';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Send from '@mui/icons-material/Send';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOn from '@mui/icons-material/ToggleOn';
import type { ActionIcon } from '@/lib/resource-ui';

const ICONS: Record<ActionIcon, typeof EditOutlined> = {
  edit: EditOutlined,
  history: History,
  delete: DeleteOutline,
  open: OpenInNew,
  key: Key,
  activate: ToggleOn,
  deactivate: ToggleOffOutlined,
  lock: Lock,
  unlock: LockOpen,
  send: Send,
  download: Download,
  grade: GradeOutlined,
  cancel: Block,
  extra: AssignmentLate,
  sufficiency: WorkspacePremium,
  schedule: CalendarMonth,
};

export function ActionIconView({ name }: { name: ActionIcon }) {
  const Icon = ICONS[name];
  return <Icon fontSize="small" />;
}
