// Who a report is by, as every stage credits it: a report's metadata may list `authors` (strings,
// or { family, given } / { literal }); without it, the repository owner (CloudI for CloudI/CloudI)
// stands for the authors, and `from` says so. The views stage cites them (views/citation.mjs); the
// chart stage sizes the credit line of embed pages with them (charts/embed-height.mjs).

/** The authors of a report, and where that list comes from ('metadata' or 'repository owner'). */
export function authorsOf(report) {
  if (Array.isArray(report.authors) && report.authors.length) {
    const names = report.authors.map((a) => (typeof a === 'string' ? { literal: a } : a));
    return { names, from: 'metadata' };
  }
  const owner = report.source.repository.split('/')[0];
  return { names: [{ literal: owner }], from: 'repository owner' };
}

/** A name as text: "CloudI", "Michael Truog". */
export const nameText = (n) => n.literal ?? [n.given, n.family].filter(Boolean).join(' ');
