import CodeIcon from '@mui/icons-material/Code';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import TitleIcon from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MAX_POST_BODY } from '@staff-portal/shared/posts';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { FocusEventHandler, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { postsNs } from '../../../locales/posts';
import { applyMark, MARKS } from '../markdown-marks';
import type { Mark } from '../markdown-marks';
import { MarkdownView } from './markdown-view';

const ICONS: Record<Mark, ReactElement> = {
  bold: <FormatBoldIcon fontSize="small" />,
  italic: <FormatItalicIcon fontSize="small" />,
  heading: <TitleIcon fontSize="small" />,
  bulletList: <FormatListBulletedIcon fontSize="small" />,
  numberedList: <FormatListNumberedIcon fontSize="small" />,
  link: <InsertLinkIcon fontSize="small" />,
  quote: <FormatQuoteIcon fontSize="small" />,
  code: <CodeIcon fontSize="small" />,
};

interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLTextAreaElement | HTMLInputElement>;
  name?: string;
  /** The form's ref callback (react-hook-form focuses the field it refuses). */
  inputRef?: (element: HTMLTextAreaElement | null) => void;
  error?: string | undefined;
}

/**
 * A post's Markdown body (docs/product/screens.md §13): a text area with a toolbar for the common
 * marks, which wrap or prefix the selection (markdown-marks.ts), and a Preview tab that renders
 * the text exactly as readers will see it (MarkdownView, sanitised).
 */
export function MarkdownEditor({ value, onChange, onBlur, name, inputRef, error }: MarkdownEditorProps) {
  const { t } = useTranslation(postsNs);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  /** The selection to restore once a mark's new text is in the box. */
  const pendingSelection = useRef<readonly [number, number] | null>(null);
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (selection === null || textarea.current === null) return;
    pendingSelection.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(selection[0], selection[1]);
  }, [value]);
  const tabsId = useId();
  const helpId = useId();

  const mark = (which: Mark) => {
    const area = textarea.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    const edit = applyMark(value, start, end, which, t(`form.placeholders.${which}`));
    // The marked words are selected again once the new text is in the box.
    pendingSelection.current = [edit.selectionStart, edit.selectionEnd];
    onChange(edit.text);
  };

  const setRefs = (element: HTMLTextAreaElement | null) => {
    textarea.current = element;
    inputRef?.(element);
  };

  return (
    <Box>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} id={`${tabsId}-label`}>
        {t('form.body')}
      </Typography>
      <Paper variant="outlined" sx={{ mt: 0.5, borderColor: error === undefined ? undefined : 'error.main' }}>
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Tabs
            value={tab}
            onChange={(_, next: 'write' | 'preview') => setTab(next)}
            aria-labelledby={`${tabsId}-label`}
            sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0 } }}
          >
            <Tab value="write" label={t('form.write')} id={`${tabsId}-write`} aria-controls={`${tabsId}-write-panel`} />
            <Tab
              value="preview"
              label={t('form.preview')}
              id={`${tabsId}-preview`}
              aria-controls={`${tabsId}-preview-panel`}
            />
          </Tabs>
          {tab === 'write' && (
            <Stack role="toolbar" aria-label={t('form.toolbar')} direction="row" sx={{ flexWrap: 'wrap', px: 0.5 }}>
              {MARKS.map((which) => (
                <Tooltip key={which} title={t(`form.marks.${which}`)}>
                  <IconButton
                    size="small"
                    aria-label={t(`form.marks.${which}`)}
                    // Keeps the text area's selection: the button does not take the focus on a click.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => mark(which)}
                  >
                    {ICONS[which]}
                  </IconButton>
                </Tooltip>
              ))}
            </Stack>
          )}
        </Stack>
        <Box
          role="tabpanel"
          id={`${tabsId}-write-panel`}
          aria-labelledby={`${tabsId}-write`}
          hidden={tab !== 'write'}
          sx={{ p: 1 }}
        >
          <TextField
            name={name}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            inputRef={setRefs}
            multiline
            minRows={10}
            fullWidth
            required
            error={error !== undefined}
            slotProps={{
              htmlInput: {
                'aria-labelledby': `${tabsId}-label`,
                'aria-describedby': helpId,
                maxLength: MAX_POST_BODY,
                spellCheck: true,
              },
            }}
            sx={{ '& textarea': { fontFamily: 'monospace', fontSize: '0.9rem' } }}
          />
        </Box>
        <Box
          role="tabpanel"
          id={`${tabsId}-preview-panel`}
          aria-labelledby={`${tabsId}-preview`}
          hidden={tab !== 'preview'}
          sx={{ p: 2, minHeight: 200 }}
        >
          {tab === 'preview' &&
            (value.trim() === '' ? (
              <Typography color="text.secondary">{t('form.previewEmpty')}</Typography>
            ) : (
              <MarkdownView markdown={value} />
            ))}
        </Box>
      </Paper>
      <FormHelperText id={helpId} error={error !== undefined} sx={{ mx: 1.75 }}>
        {error ?? t('form.bodyHint')}
      </FormHelperText>
    </Box>
  );
}
