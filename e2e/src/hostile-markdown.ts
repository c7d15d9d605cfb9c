/**
 * Markdown written to attack its readers (docs/product/screens.md §13: a post's body is rendered
 * sanitised). Every payload that could run tries to set `window.__pwned` or open an alert, so a
 * test sees at once whether anything ran. Each entry is its own paragraph, so one swallowed
 * payload cannot hide the next.
 */
export const hostileMarkdown: readonly string[] = [
  // Raw HTML: must come out as text, never as elements.
  `<script>window.__pwned = 'script tag'</script>`,
  `<img src="x" onerror="window.__pwned = 'img onerror'">`,
  `<svg onload="window.__pwned = 'svg onload'"><circle r="10" /></svg>`,
  `<iframe src="javascript:window.__pwned = 'iframe'"></iframe>`,
  `<a href="javascript:window.__pwned = 'raw anchor'">a raw anchor</a>`,
  `<details open ontoggle="window.__pwned = 'details ontoggle'"><summary>x</summary></details>`,
  `<form action="javascript:window.__pwned = 'form'"><button>a form button</button></form>`,
  `<style>body { background: url("javascript:window.__pwned = 'style'") }</style>`,
  `<math><mi xlink:href="javascript:window.__pwned = 'mathml'">mathml</mi></math>`,
  `<object data="javascript:window.__pwned = 'object'"></object><embed src="javascript:window.__pwned = 'embed'">`,
  // Nested and split tags.
  `<<script>script>window.__pwned = 'nested'<</script>/script>`,
  `<scr<script>ipt>window.__pwned = 'split'</scr</script>ipt>`,
  `<img src="x" o<x>nerror="window.__pwned = 'split attribute'">`,
  // Markdown links and images with script-bearing schemes (a destination has no spaces, or it is no link).
  `[a javascript link](javascript:window.__pwned='markdown-link')`,
  `[a mixed-case link](JaVaScRiPt:window.__pwned='mixed-case')`,
  `[an entity link](&#106;avascript:window.__pwned='entity')`,
  `[a tab link](jav&#x09;ascript:window.__pwned='tab')`,
  `[a spaced link](<javascript:window.__pwned='spaced'>)`,
  `[a vbscript link](vbscript:msgbox(1))`,
  `[a data link](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0nZGF0YSc8L3NjcmlwdD4=)`,
  `![a javascript image](javascript:window.__pwned='image')`,
  `![an svg data image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)`,
  `<javascript:window.__pwned='autolink'>`,
  `[a reference link][hostile]\n\n[hostile]: javascript:window.__pwned='reference'`,
  `[a link with a title](https://example.org "onmouseover=window.__pwned='title'")`,
  // What must still work: an ordinary link, a mail link, emphasis.
  `A **bold** word, an [ordinary link](https://example.org/handbook) and [a mail link](mailto:hr@staffportal.example).`,
];

/** The corpus as one post body. */
export const hostileBody = hostileMarkdown.join('\n\n');
