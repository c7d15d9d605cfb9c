import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApprovalOutlinedIcon from '@mui/icons-material/ApprovalOutlined';
import BeachAccessOutlinedIcon from '@mui/icons-material/BeachAccessOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DirectionsWalkOutlinedIcon from '@mui/icons-material/DirectionsWalkOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import WorkOutlineOutlinedIcon from '@mui/icons-material/WorkOutlineOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { hasAnyGroup } from '@staff-portal/shared/groups';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { leave } from '../../locales/en/leave';
import { useAuth } from '../../lib/auth-context';
import { LinkCardGrid, useMayOpen } from '../link-cards';
import { leaveNs } from '../../locales/leave';

type CardKey = keyof typeof leave.hubs.cards;
type HubKey = 'shared' | 'hrServices' | 'leaveServices' | 'industrialRelations';

interface HubLink {
  key: CardKey;
  path: string;
  icon: ReactNode;
  /** Departments the card is for, beyond its route's guard (the page's functions need them). */
  onlyFor?: readonly string[];
}

/**
 * docs/product/screens.md: a hub is cards linking to the child pages the user may open, each shown only
 * when that route's own guard admits the user (the same check as home's quick links).
 */
function HubPage({ hub, links }: { hub: HubKey; links: readonly HubLink[] }) {
  const { t } = useTranslation([leaveNs, 'common']);
  const mayOpen = useMayOpen();
  const { user, superAdminUserId } = useAuth();
  const holds = (groups: readonly string[]) =>
    user !== null && hasAnyGroup({ id: user.id, groups: user.department }, groups, { superAdminUserId });
  const cards = links
    .filter(({ path, onlyFor }) => mayOpen(path) && (onlyFor === undefined || holds(onlyFor)))
    .map(({ key, path, icon }) => ({
      key,
      path,
      icon,
      title: t(`hubs.cards.${key}.title`),
      description: t(`hubs.cards.${key}.description`),
    }));
  const title = t(`hubs.${hub}.title`);

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1100, width: '100%' }}>
      <title>{`${title} · ${t('common:appName')}`}</title>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, mb: 1, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {cards.length > 0 ? t(`hubs.${hub}.intro`) : t('hubs.noPages')}
      </Typography>
      <LinkCardGrid cards={cards} cardHeading="h2" openLabel={(page) => t('hubs.open', { page })} />
    </Box>
  );
}

const LEAVE = '/shared/hr-services/leave';

/** `/shared` (SharedPage). */
export function SharedPage() {
  return (
    <HubPage
      hub="shared"
      links={[
        { key: 'hrServices', path: '/shared/hr-services', icon: <WorkOutlineOutlinedIcon /> },
        { key: 'industrialRelations', path: '/shared/industrial-relations', icon: <GavelOutlinedIcon /> },
        { key: 'accessControl', path: '/shared/access-control', icon: <AdminPanelSettingsOutlinedIcon /> },
        { key: 'po', path: '/shared/po', icon: <ShoppingCartOutlinedIcon /> },
      ]}
    />
  );
}

/** `/shared/hr-services` (HRServicesPage). */
export function HRServicesPage() {
  return (
    <HubPage
      hub="hrServices"
      links={[
        { key: 'leave', path: LEAVE, icon: <BeachAccessOutlinedIcon /> },
        { key: 'claims', path: '/shared/hr-services/claims', icon: <ReceiptLongOutlinedIcon /> },
        { key: 'payslips', path: '/shared/hr-services/payslips', icon: <PaymentsOutlinedIcon /> },
        { key: 'cognitoForms', path: '/shared/hr-services/cognito-forms', icon: <DescriptionOutlinedIcon /> },
      ]}
    />
  );
}

/** `/shared/hr-services/leave` (LeaveServicesPage). */
export function LeaveServicesPage() {
  return (
    <HubPage
      hub="leaveServices"
      links={[
        { key: 'myLeaves', path: `${LEAVE}/my-leaves`, icon: <EventNoteOutlinedIcon /> },
        { key: 'history', path: `${LEAVE}/my-leaves/history`, icon: <HistoryOutlinedIcon /> },
        { key: 'staffMovement', path: `${LEAVE}/staff-movement`, icon: <DirectionsWalkOutlinedIcon /> },
        { key: 'approval', path: `${LEAVE}/approval`, icon: <ApprovalOutlinedIcon /> },
        { key: 'admin', path: `${LEAVE}/admin`, icon: <ManageAccountsOutlinedIcon /> },
      ]}
    />
  );
}

const IR = '/shared/industrial-relations';

/**
 * `/shared/industrial-relations` (IRServicesPage). The IR admin page admits every IR user, but
 * its functions need IRAdmin (docs/product/screens.md §12), so its card is for IRAdmin only.
 */
export function IRServicesPage() {
  return (
    <HubPage
      hub="industrialRelations"
      links={[
        { key: 'memberLookup', path: `${IR}/member-lookup`, icon: <PersonSearchOutlinedIcon /> },
        { key: 'grievances', path: `${IR}/grievances`, icon: <GavelOutlinedIcon /> },
        { key: 'irAdmin', path: `${IR}/ir-admin`, icon: <GroupsOutlinedIcon />, onlyFor: ['IRAdmin'] },
      ]}
    />
  );
}
