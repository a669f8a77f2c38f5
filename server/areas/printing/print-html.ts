/** The print page of a module as static HTML: no scripts, Dutch, a print stylesheet (A4). */
import type { PrintModule, PrintOptions } from '../../pdf/module-pdf';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

const lines = (n: number) => `<div class="lines" aria-hidden="true">${'<span></span>'.repeat(n)}</div>`;

const STYLE = `
  :root { color-scheme: light; }
  body { font-family: Georgia, 'Times New Roman', serif; color: #111; line-height: 1.5; margin: 0 auto; max-width: 48rem; padding: 1.5rem; }
  header { border-bottom: 2px solid #222; margin-bottom: 1.5rem; }
  .subject, .level { color: #555; margin: 0; }
  h1 { font-size: 1.9rem; margin: .2rem 0; }
  h2 { font-size: 1.4rem; margin: 2rem 0 .5rem; }
  h3 { font-size: 1.1rem; margin: 1.2rem 0 .4rem; }
  .answer { font-style: italic; margin: .2rem 0 .8rem 1.2rem; }
  .lines span { display: block; border-bottom: 1px solid #999; height: 1.8rem; margin-left: 1.2rem; }
  dt { font-weight: bold; margin-top: .5rem; }
  dd { margin-left: 1.2rem; }
  figure { margin: 1rem 0; } figure img { max-width: 100%; }
  @page { size: A4; margin: 18mm 16mm; }
  @media print {
    body { max-width: none; padding: 0; font-size: 11pt; }
    article + article { break-before: page; }
    h2, h3, dt { break-after: avoid; }
    li, dd, .lines { break-inside: avoid; }
    a { color: inherit; text-decoration: none; }
  }
`;

/** Without a download link of its own: the page 'Modules printen' around it offers the PDF (one button, issue 16). */
export function renderPrintHtml(m: PrintModule, o: PrintOptions): string {
  const lessons = m.lessons
    .map((lesson, i) => {
      const parts: string[] = [`<h2>${i + 1}. ${escapeHtml(lesson.title)}</h2>`];
      if (o.showPictures && lesson.image && /^(\/|https:\/\/)/.test(lesson.image)) {
        parts.push(`<figure><img src="${escapeHtml(lesson.image)}" alt=""></figure>`);
      }
      if (o.showContent && lesson.content) parts.push(`<section class="content">${paragraphs(lesson.content)}</section>`);
      if ((o.showAssignments || o.showAnswers) && lesson.assignments.length > 0) {
        const items = lesson.assignments
          .map((a) => {
            const q = o.showAssignments ? `<p>${escapeHtml(a.question)}</p>` : '';
            const writing = o.showAssignments && o.showAssignmentLines && !o.showAnswers ? lines(3) : '';
            const answer = o.showAnswers ? `<p class="answer">Antwoord: ${escapeHtml(a.answer)}</p>` : '';
            return `<li>${q}${writing}${answer}</li>`;
          })
          .join('\n');
        parts.push(`<section class="assignments"><h3>Opdrachten</h3><ol>${items}</ol></section>`);
      }
      if (o.showTerms && lesson.terms.length > 0) {
        const items = lesson.terms
          .map(
            (t) =>
              `<dt>${escapeHtml(t.term)}</dt>${o.showDefinitions ? `<dd>${escapeHtml(t.definition)}</dd>` : o.showDefinitionLines ? `<dd>${lines(2)}</dd>` : ''}`,
          )
          .join('\n');
        parts.push(`<section class="terms"><h3>Begrippen</h3><dl>${items}</dl></section>`);
      }
      return `<article>\n${parts.join('\n')}\n</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(m.chapterName)} (${escapeHtml(m.levelLabel)}) - printversie</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<p class="subject">${escapeHtml(m.sectionName)}</p>
<h1>${escapeHtml(m.chapterName)}</h1>
<p class="level">Niveau: ${escapeHtml(m.levelLabel)}</p>
</header>
<main>
${lessons || '<p>Deze module heeft nog geen lessen.</p>'}
</main>
</body>
</html>
`;
}

export function messagePage(title: string, text: string): string {
  return `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#111}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>
`;
}
