// html-validate configuration for the built site (public/**/*.html), read by scripts/validate-site.mjs
// and by `npx html-validate public/`. The recommended preset, with these rules relaxed, each because
// it conflicts with how the site is deliberately built. (A .mjs file rather than .htmlvalidate.json
// so that every relaxation can carry its reason.)
export default {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    // Hugo's --minify drops optional attribute quotes (class=kind): valid HTML, smaller pages.
    'attr-quotes': 'off',
    // --minify writes the doctype as <!doctype html>: the same doctype in lower case.
    'doctype-style': 'off',
    // A seed page reproduces the report byte for byte in a <pre>, trailing spaces included
    // (seeds/cloudi/*: lines of a single space between tables). The minified markup has none.
    'no-trailing-whitespace': 'off',
    // Ids are made from report slugs, and slugs may hold dots (cloudi-1.5.1-power8, see
    // scripts/data/schemas/report-meta.schema.json). HTML allows any id without whitespace.
    'valid-id': ['error', { relaxed: true }],
    // Titles are the reports' descriptive titles (at most 120 characters by the metadata schema)
    // plus ": the report as published · Bench Atlas" on seed pages: at most 159 characters.
    'long-title': ['error', { maxlength: 160 }],
    // A table that may scroll sideways sits in <div role="region" tabindex="0" aria-label...>, the
    // pattern WAI-ARIA practices and axe advise for a keyboard-scrollable area. A <section> would
    // add an entry to the document outline for a box that is not a section of the text.
    'prefer-native-element': ['error', { exclude: ['region'] }],
  },
};
