/**
 * EJS templates handed to epub-gen-memory (its `contentOPF`, `tocXHTML`, `tocNCX` and
 * `chapterXHTML` options). The library's defaults lack the accessibility metadata, a nested table
 * of contents, a cover page and `cover-image`; these replace them. `<%= %>` escapes, `<%- %>`
 * inserts markup we built and escaped ourselves (see build.ts).
 */

export const CONTENT_OPF = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="BookId" xml:lang="<%= lang %>">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="BookId"><%= identifier %></dc:identifier>
    <dc:title><%= title %></dc:title>
    <dc:language><%= lang %></dc:language>
    <dc:creator id="creator"><%= author.join(', ') %></dc:creator>
    <dc:publisher><%= publisher %></dc:publisher>
    <dc:date><%= publicationDate %></dc:date>
    <dc:description><%= description %></dc:description>
    <dc:rights><%= rights %></dc:rights>
    <meta property="dcterms:modified"><%= modified %></meta>
    <meta property="schema:accessMode">textual</meta>
    <meta property="schema:accessMode">visual</meta>
    <meta property="schema:accessModeSufficient">textual</meta>
    <meta property="schema:accessibilityFeature">structuralNavigation</meta>
    <meta property="schema:accessibilityFeature">tableOfContents</meta>
    <meta property="schema:accessibilityFeature">readingOrder</meta>
    <meta property="schema:accessibilityFeature">alternativeText</meta>
    <meta property="schema:accessibilityHazard">none</meta>
    <meta property="schema:accessibilitySummary"><%= accessibilitySummary %></meta>
    <meta name="cover" content="image_cover"/>
  </metadata>
  <manifest>
    <item id="nav" href="toc.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="css" href="style.css" media-type="text/css"/>
    <item id="image_cover" href="cover.<%= cover.extension %>" media-type="<%= cover.mediaType %>" properties="cover-image"/>
<% content.forEach(function (c) { %>    <item id="<%= c.id %>" href="<%= c.filename %>" media-type="application/xhtml+xml"/>
<% }) %><% images.forEach(function (image) { %>    <item id="image_<%= image.id %>" href="images/<%= image.id %>.<%= image.extension %>" media-type="<%= image.mediaType %>"/>
<% }) %>  </manifest>
  <spine toc="ncx">
<% content.forEach(function (c) { if (c.beforeToc) { %>    <itemref idref="<%= c.id %>"/>
<% } }) %>    <itemref idref="nav"/>
<% content.forEach(function (c) { if (!c.beforeToc) { %>    <itemref idref="<%= c.id %>"/>
<% } }) %>  </spine>
</package>
`;

export const TOC_XHTML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="<%= lang %>" lang="<%= lang %>">
<head>
  <meta charset="UTF-8"/>
  <title><%= tocTitle %></title>
  <link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
  <nav epub:type="toc" role="doc-toc" id="toc" aria-labelledby="toc-title">
    <h1 id="toc-title"><%= tocTitle %></h1>
<%- navList %>
  </nav>
  <nav epub:type="landmarks" id="landmarks" hidden="hidden">
    <h2>Landmarks</h2>
    <ol>
      <li><a epub:type="cover" href="cover.xhtml">Cover</a></li>
      <li><a epub:type="titlepage" href="titlepage.xhtml">Title Page</a></li>
      <li><a epub:type="copyright-page" href="copyright.xhtml">Copyright</a></li>
      <li><a epub:type="toc" href="toc.xhtml"><%= tocTitle %></a></li>
      <li><a epub:type="bodymatter" href="<%= firstChapterFile %>">Start of Content</a></li>
    </ol>
  </nav>
</body>
</html>
`;

export const TOC_NCX = `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="<%= lang %>">
  <head>
    <meta name="dtb:uid" content="<%= identifier %>"/>
    <meta name="dtb:depth" content="2"/>
    <meta name="dtb:totalPageCount" content="0"/>
    <meta name="dtb:maxPageNumber" content="0"/>
  </head>
  <docTitle><text><%= title %></text></docTitle>
  <docAuthor><text><%= author.join(', ') %></text></docAuthor>
  <navMap>
<%- ncxNavPoints %>
  </navMap>
</ncx>
`;

export const CHAPTER_XHTML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="<%= lang %>" lang="<%= lang %>">
<head>
  <meta charset="UTF-8"/>
  <title><%= title %></title>
  <link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<% if (pageKind === 'cover') { %><body class="cover-page">
  <section epub:type="cover" class="cover">
    <img role="doc-cover" src="<%= coverFile %>" alt="<%= coverAlt %>"/>
  </section>
</body>
<% } else if (pageKind === 'front') { %><body class="front-matter">
<%- content %>
</body>
<% } else { %><body>
  <section epub:type="<%= epubType %>" role="doc-<%= epubType %>" aria-labelledby="epub-chapter-title">
    <header>
      <h1 id="epub-chapter-title"><%= title %></h1>
<% if (subtitle) { %>      <p class="subtitle"><%= subtitle %></p>
<% } %>    </header>
<%- content %>
  </section>
</body>
<% } %></html>
`;

/**
 * No colour is forced anywhere: text, code and rules inherit the reader's theme (light, sepia,
 * night), so nothing can end up as dark text on a dark page or light text on a forced light box.
 * Code is set apart by a rule and an indent instead of a background.
 */
export const STYLESHEET = `body { font-family: Georgia, "Times New Roman", serif; line-height: 1.5; margin: 0 5%; }
h1, h2, h3, h4 { font-family: "Helvetica Neue", Arial, sans-serif; line-height: 1.25; }
h1 { font-size: 1.8em; margin: 1em 0 0.2em; }
.subtitle { font-style: italic; font-size: 1.1em; margin: 0 0 2em; }
pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.8em; line-height: 1.35;
  white-space: pre-wrap; word-wrap: break-word; margin: 1em 0; padding: 0.2em 0 0.2em 0.9em;
  border-left: 0.25em solid; }
code { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.9em; }
pre code { font-size: 1em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
blockquote { margin: 1em 2em; font-style: italic; }
.book-aside { margin: 1.2em 0; padding: 0.5em 1em; border: 1px solid; border-left-width: 0.3em; }
.book-aside-title { font-family: "Helvetica Neue", Arial, sans-serif; font-weight: bold; }
.code-example-meta { font-size: 0.9em; font-style: italic; }
.resource-type { font-size: 0.9em; }
.cover-page { margin: 0; padding: 0; text-align: center; }
.cover img { max-width: 100%; max-height: 100vh; }
nav ol { list-style: none; padding-left: 1.2em; }
.titlepage { text-align: center; margin-top: 18%; }
.titlepage .book-title { font-size: 2.4em; margin: 0 0 0.4em; }
.titlepage .book-subtitle { font-size: 1.15em; font-style: italic; margin: 0 10% 3em; }
.titlepage .book-author { font-size: 1.3em; font-variant: small-caps; letter-spacing: 0.05em; margin: 0 0 4em; }
.titlepage .book-publisher { font-size: 0.9em; margin: 0; }
.copyright-page { font-size: 0.85em; margin-top: 30%; }
.copyright-page h1 { font-size: 1.2em; margin: 0 0 1em; }
.copyright-page p { margin: 0 0 0.9em; }
`;
