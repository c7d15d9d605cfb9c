import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import type { Components } from 'react-markdown';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeUrl } from '../safe-url';

/**
 * The elements a post's body may become: what Markdown (with GFM tables, strikethrough, task
 * lists and footnotes) produces, and nothing else. Raw HTML in the body is never parsed as HTML
 * (there is no rehype-raw): react-markdown shows it as text. This list is a second wall behind
 * that, so no script, iframe, svg, style, form or object element can ever come out.
 */
const ALLOWED_ELEMENTS = [
  'p',
  'br',
  'hr',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'input',
  'sup',
  'section',
];

const isExternal = (href: string) => /^https?:/i.test(href);

/**
 * A body sits below its page's heading (h1) and its post's title (h2): its own headings start at
 * h3, so the page's outline stays in order. Each keeps the look of its Markdown level.
 */
const HEADING_OFFSET = 2;
const heading =
  (level: 1 | 2 | 3 | 4 | 5 | 6) =>
  ({ children }: { children?: ReactNode }) => {
    const Tag = `h${Math.min(6, level + HEADING_OFFSET)}` as 'h3';
    return <Tag className={`markdown-h${level}`}>{children}</Tag>;
  };

export interface MarkdownViewProps {
  /** The Markdown, as a post stores it. */
  markdown: string;
  /**
   * Where an image's picture comes from: given the image's (already safe) address, the address to
   * load, or undefined to show its alternative text instead. Without it, images load from their
   * own address (the Content Security Policy admits only this site's, decision record 0006).
   */
  imageSrc?: (src: string) => string | undefined;
}

/**
 * A post's Markdown body, rendered safe by construction (docs/product/screens.md §2 and §13,
 * decision record 0048): no raw HTML, only the elements above, and every link and image address
 * through `safeUrl` (http, https, mailto and relative only). Used by the admin editor's preview
 * and by the readers' post dialog.
 */
export function MarkdownView({ markdown, imageSrc }: MarkdownViewProps) {
  const components: Components = {
    a: ({ href = '', children, title }) =>
      href === '' ? (
        <span>{children}</span>
      ) : (
        <Link
          href={href}
          {...(title === undefined ? {} : { title })}
          {...(isExternal(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {children}
        </Link>
      ),
    img: ({ src, alt = '', title }) => {
      const given = typeof src === 'string' ? src : '';
      const shown = given === '' ? undefined : imageSrc ? imageSrc(given) : given;
      if (shown === undefined) return <span>{alt}</span>;
      return (
        <Box
          component="img"
          src={shown}
          alt={alt}
          {...(title === undefined ? {} : { title })}
          sx={{ maxWidth: '100%', height: 'auto' }}
        />
      );
    },
    h1: heading(1),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
    // A task list's checkbox shows its state; it is not a control.
    input: ({ type, checked }) =>
      type === 'checkbox' ? <input type="checkbox" checked={checked ?? false} disabled readOnly /> : null,
  };
  return (
    <Box
      className="markdown-view"
      sx={{
        typography: 'body1',
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& .markdown-h1': { typography: 'h5', mt: 2, mb: 1 },
        '& .markdown-h2': { typography: 'h6', mt: 2, mb: 1 },
        '& .markdown-h3, & .markdown-h4, & .markdown-h5, & .markdown-h6': {
          typography: 'subtitle1',
          fontWeight: 600,
          mt: 2,
          mb: 1,
        },
        '& p': { my: 1 },
        '& ul, & ol': { pl: 3, my: 1 },
        '& blockquote': {
          borderLeft: 4,
          borderColor: 'divider',
          color: 'text.secondary',
          mx: 0,
          my: 1,
          pl: 2,
        },
        '& code': { fontFamily: 'monospace', fontSize: '0.875em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& pre code': { bgcolor: 'transparent', p: 0 },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', my: 1 },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
      }}
    >
      <Markdown
        remarkPlugins={[remarkGfm]}
        allowedElements={ALLOWED_ELEMENTS}
        unwrapDisallowed
        urlTransform={safeUrl}
        components={components}
      >
        {markdown}
      </Markdown>
    </Box>
  );
}
