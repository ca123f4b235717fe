// Icons of lib/menu.ts, which names them by Material icon name so the menu stays plain data.
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GradeOutlined from '@mui/icons-material/GradeOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LocalLibraryOutlined from '@mui/icons-material/LocalLibraryOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PollOutlined from '@mui/icons-material/PollOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  assessment: AssessmentOutlined,
  badge: BadgeOutlined,
  build: BuildOutlined,
  card_giftcard: CardGiftcardOutlined,
  description: DescriptionOutlined,
  dot: FiberManualRecord,
  folder: FolderOutlined,
  grade: GradeOutlined,
  home: HomeOutlined,
  how_to_reg: HowToRegOutlined,
  local_library: LocalLibraryOutlined,
  payments: PaymentsOutlined,
  person: PersonOutlined,
  poll: PollOutlined,
  receipt: ReceiptOutlined,
  schedule: ScheduleOutlined,
  school: SchoolOutlined,
  settings: SettingsOutlined,
};

export default function MenuIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = ICONS[name] ?? FiberManualRecord;
  return <Icon aria-hidden {...props} />;
}
