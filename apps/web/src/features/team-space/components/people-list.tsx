import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TeamMember } from '@staff-portal/shared/team';
import { useTranslation } from 'react-i18next';
import { teamSpaceNs } from '../../../locales/team-space';

interface PeopleListProps {
  people: TeamMember[];
  /** The departments' names, by code. */
  departmentNames: ReadonlyMap<string, string>;
  /** Name each person's departments, when the list is of more than one. */
  showDepartment: boolean;
}

/**
 * The people of a page: a table, or on a phone one card each. A name with "You" is the caller's
 * own account; the e-mail address opens the mail program.
 */
export function PeopleList({ people, departmentNames, showDepartment }: PeopleListProps) {
  const { t } = useTranslation(teamSpaceNs);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  /** "Human Resources (HR), Organisation (UNION)": each name with its code, or the code alone where the name is it. */
  const departmentText = (person: TeamMember) =>
    person.departmentCodes
      .map((code) => {
        const name = departmentNames.get(code) ?? code;
        return name === code ? code : `${name} (${code})`;
      })
      .join(', ');
  const you = (person: TeamMember) => person.isMe && <Chip size="small" label={t('people.you')} sx={{ ml: 1 }} />;
  const email = (person: TeamMember) => (
    <Link href={`mailto:${person.email}`} sx={{ overflowWrap: 'anywhere' }}>
      {person.email}
    </Link>
  );

  if (phone) {
    return (
      <Stack component="ul" aria-label={t('people.list')} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {people.map((person) => (
          <li key={person.email}>
            <Card variant="outlined">
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                {/* A div, not a paragraph: the "You" chip is one. */}
                <Typography component="div" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {person.name}
                  {you(person)}
                </Typography>
                {showDepartment && (
                  <Typography variant="body2" color="text.secondary">
                    {departmentText(person)}
                  </Typography>
                )}
                <Typography variant="body2">{email(person)}</Typography>
              </CardContent>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('people.list')}>
        {/* No column sorts: the API lists by name and takes no other order (teamPeopleQuerySchema). */}
        <TableHead>
          <TableRow>
            <TableCell>{t('people.columns.name')}</TableCell>
            {showDepartment && <TableCell>{t('people.columns.department')}</TableCell>}
            <TableCell>{t('people.columns.email')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {people.map((person) => (
            <TableRow key={person.email} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {person.name}
                {you(person)}
              </TableCell>
              {showDepartment && <TableCell>{departmentText(person)}</TableCell>}
              <TableCell>{email(person)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
