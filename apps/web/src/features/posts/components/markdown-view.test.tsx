import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MarkdownView } from './markdown-view';

/** Hostile Markdown (docs/product/screens.md §13: a body is rendered sanitised), one payload a paragraph. */
const hostile = [
  `<script>window.__pwned = 'script'</script>`,
  `<img src="x" onerror="window.__pwned = 'img onerror'">`,
  `<svg onload="window.__pwned = 'svg onload'"><circle r="10" /></svg>`,
  `<iframe src="javascript:window.__pwned = 'iframe'"></iframe>`,
  `<a href="javascript:window.__pwned = 'raw anchor'">a raw anchor</a>`,
  `<form action="javascript:alert(1)"><button>a form button</button></form>`,
  `<style>body { background: red }</style>`,
  `<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">`,
  `<<script>script>alert(1)<</script>/script>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `[a javascript link](javascript:alert(1))`,
  `[a mixed-case link](JaVaScRiPt:alert(1))`,
  `[an entity link](&#106;avascript:alert(1))`,
  `[a tab link](jav&#x09;ascript:alert(1))`,
  `[a spaced link](<javascript:alert(1)>)`,
  `[a vbscript link](vbscript:msgbox(1))`,
  `[a data link](data:text/html,<script>alert(1)</script>)`,
  `[a base64 data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `![a javascript image](javascript:alert(1))`,
  `![an svg data image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)`,
  `<javascript:alert(1)>`,
  `[a reference link][hostile]\n\n[hostile]: javascript:alert(1)`,
].join('\n\n');

function renderHostile() {
  const { container } = render(<MarkdownView markdown={hostile} />);
  return container;
}

describe('MarkdownView', () => {
  it('renders ordinary Markdown: emphasis, headings, lists, quotes, code, links', () => {
    render(
      <MarkdownView
        markdown={[
          '# Heading',
          '### Smaller heading',
          'A **bold** and *italic* word, ~~struck~~.',
          '- one\n- two',
          '1. first\n2. second',
          '> quoted',
          '`code`',
          '[handbook](https://example.org/handbook) [mail](mailto:hr@staffportal.example) [here](/announcements)',
        ].join('\n\n')}
      />,
    );
    // Below the page's h1 and the post's h2 title: a body's headings start at h3.
    expect(screen.getByRole('heading', { name: 'Heading' })).toHaveProperty('tagName', 'H3');
    expect(screen.getByRole('heading', { name: 'Smaller heading' })).toHaveProperty('tagName', 'H5');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('italic').tagName).toBe('EM');
    expect(screen.getByText('struck').tagName).toBe('DEL');
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getByText('quoted').closest('blockquote')).not.toBeNull();
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(screen.getByRole('link', { name: 'handbook' })).toHaveAttribute('href', 'https://example.org/handbook');
    expect(screen.getByRole('link', { name: 'handbook' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:hr@staffportal.example');
    expect(screen.getByRole('link', { name: 'here' })).toHaveAttribute('href', '/announcements');
    expect(screen.getByRole('link', { name: 'here' })).not.toHaveAttribute('target');
  });

  it('makes no element of raw HTML: script, iframe, svg, style, form, object, embed, button', () => {
    const container = renderHostile();
    for (const tag of ['script', 'iframe', 'svg', 'style', 'form', 'object', 'embed', 'button', 'circle', 'math']) {
      expect(container.querySelector(tag), tag).toBeNull();
    }
    // The raw HTML is shown as text instead.
    expect(container.textContent).toContain(`<script>window.__pwned = 'script'</script>`);
  });

  it('leaves no event handler attribute on any element', () => {
    const container = renderHostile();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
      }
    }
  });

  it('gives no link or image a javascript:, vbscript: or data: address', () => {
    const container = renderHostile();
    const addresses = [...container.querySelectorAll('[href], [src], [action], [data], [formaction]')].flatMap(
      (element) => ['href', 'src', 'action', 'data', 'formaction'].map((name) => element.getAttribute(name) ?? ''),
    );
    for (const address of addresses) {
      // What a browser's URL parser would read: control characters and spaces dropped, a tab as %09 too.
      const read = [...address.replaceAll('%09', '')].filter((char) => char.charCodeAt(0) > 0x20).join('');
      expect(read).not.toMatch(/^(javascript|vbscript|data):/i);
    }
    // The hostile links keep their text but lose their address: no link is made of them.
    expect(screen.getByText('a javascript link').closest('a')).toBeNull();
    expect(screen.getByText('a tab link').closest('a')).toBeNull();
    expect(screen.getByText('a data link').closest('a')).toBeNull();
    expect(screen.getByText('a reference link').closest('a')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('shows images through imageSrc, and their alternative text when it gives nothing', () => {
    const imageSrc = vi.fn((src: string) => (src === 'chart.png' ? 'blob:chart' : undefined));
    render(
      <MarkdownView
        markdown={'![the chart](chart.png)\n\n![elsewhere](https://example.org/x.png)'}
        imageSrc={imageSrc}
      />,
    );
    expect(screen.getByRole('img', { name: 'the chart' })).toHaveAttribute('src', 'blob:chart');
    expect(screen.queryByRole('img', { name: 'elsewhere' })).toBeNull();
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
    expect(imageSrc).toHaveBeenCalledWith('https://example.org/x.png');
  });

  it('never hands imageSrc an unsafe address', () => {
    const imageSrc = vi.fn((src: string) => src);
    render(
      <MarkdownView markdown={'![x](javascript:alert(1)) ![y](data:image/png;base64,AAAA)'} imageSrc={imageSrc} />,
    );
    expect(imageSrc).not.toHaveBeenCalled();
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });
});
