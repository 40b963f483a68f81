/* cmark-gfm as a long-running renderer: the same library and options as the cmark-gfm program
 * (`--unsafe` optional, extensions table, strikethrough, autolink, tagfilter, tasklist, footnotes),
 * one process for many documents instead of one process per document.
 * Protocol on stdin/stdout: a request is a 4-byte little-endian length, one flag byte (1: unsafe),
 * then the markdown; the reply is a 4-byte little-endian length, then the HTML. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

static int read_all(unsigned char *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    size_t r = fread(buf + got, 1, n - got, stdin);
    if (r == 0) return 0;
    got += r;
  }
  return 1;
}

int main(void) {
  static const char *names[] = {"table", "strikethrough", "autolink", "tagfilter", "tasklist"};
  cmark_gfm_core_extensions_ensure_registered();
  for (;;) {
    unsigned char head[5];
    if (!read_all(head, 5)) return 0;
    uint32_t len = (uint32_t)head[0] | ((uint32_t)head[1] << 8) | ((uint32_t)head[2] << 16) | ((uint32_t)head[3] << 24);
    int options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES | (head[4] ? CMARK_OPT_UNSAFE : 0);
    unsigned char *text = malloc(len + 1);
    if (!text || !read_all(text, len)) return 1;
    cmark_parser *parser = cmark_parser_new(options);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
      cmark_syntax_extension *ext = cmark_find_syntax_extension(names[i]);
      if (!ext) return 2;
      cmark_parser_attach_syntax_extension(parser, ext);
    }
    cmark_parser_feed(parser, (const char *)text, len);
    cmark_node *doc = cmark_parser_finish(parser);
    char *html = cmark_render_html(doc, options, cmark_parser_get_syntax_extensions(parser));
    uint32_t out = (uint32_t)strlen(html);
    unsigned char size[4] = {out & 255, (out >> 8) & 255, (out >> 16) & 255, (out >> 24) & 255};
    fwrite(size, 1, 4, stdout);
    fwrite(html, 1, out, stdout);
    fflush(stdout);
    free(html);
    cmark_node_free(doc);
    cmark_parser_free(parser);
    free(text);
  }
}
