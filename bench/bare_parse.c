/*
 * Bare tree-sitter parse of a list of files, for bench/components.sh (a benchmark, not a test): the floor a scanner
 * that parses every file cannot beat. Linked with the -O2 runtime and grammar objects the native tree reader is built
 * from (facts-extractors/target/tree-sitter-obj), so it parses with the very code a scan uses. One parser per
 * grammar; every file is read into memory first, then parsed once from its bytes (UTF-8) and its tree freed; nothing
 * else. Prints the wall and CPU time of the parse loop alone.
 *
 *   bare_parse LIST      LIST: one path a line (.py, .js, .ts, .tsx or .sh)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_python(void);
const TSLanguage *tree_sitter_javascript(void);
const TSLanguage *tree_sitter_typescript(void);
const TSLanguage *tree_sitter_tsx(void);
const TSLanguage *tree_sitter_bash(void);

typedef struct {
    char *bytes;
    uint32_t length;
    int grammar;
} Source;

static int grammar_of(const char *path) {
    const char *dot = strrchr(path, '.');
    if (dot == NULL) return -1;
    if (strcmp(dot, ".py") == 0) return 0;
    if (strcmp(dot, ".js") == 0) return 1;
    if (strcmp(dot, ".ts") == 0) return 2;
    if (strcmp(dot, ".tsx") == 0) return 3;
    if (strcmp(dot, ".sh") == 0) return 4;
    return -1;
}

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double) t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: bare_parse LIST\n");
        return 2;
    }
    FILE *list = fopen(argv[1], "r");
    if (list == NULL) {
        fprintf(stderr, "bare_parse: cannot read %s\n", argv[1]);
        return 1;
    }
    size_t count = 0, room = 1024;
    Source *sources = malloc(room * sizeof *sources);
    char path[4096];
    unsigned long long total = 0;
    while (sources != NULL && fgets(path, sizeof path, list) != NULL) {
        path[strcspn(path, "\n")] = '\0';
        int grammar = grammar_of(path);
        FILE *f = grammar < 0 ? NULL : fopen(path, "rb");
        if (f == NULL) {
            fprintf(stderr, "bare_parse: skipped %s\n", path);
            continue;
        }
        fseek(f, 0, SEEK_END);
        long length = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *bytes = malloc(length > 0 ? (size_t) length : 1);
        if (bytes == NULL || fread(bytes, 1, (size_t) length, f) != (size_t) length) {
            fprintf(stderr, "bare_parse: cannot read %s\n", path);
            return 1;
        }
        fclose(f);
        if (count == room) {
            room *= 2;
            sources = realloc(sources, room * sizeof *sources);
            if (sources == NULL) break;
        }
        sources[count++] = (Source) {bytes, (uint32_t) length, grammar};
        total += (unsigned long long) length;
    }
    fclose(list);
    if (sources == NULL) {
        fprintf(stderr, "bare_parse: out of memory\n");
        return 1;
    }
    const TSLanguage *(*const grammars[5])(void) = {
        tree_sitter_python, tree_sitter_javascript, tree_sitter_typescript, tree_sitter_tsx, tree_sitter_bash,
    };
    TSParser *parsers[5];
    for (int g = 0; g < 5; g++) {
        parsers[g] = ts_parser_new();
        if (parsers[g] == NULL || !ts_parser_set_language(parsers[g], grammars[g]())) {
            fprintf(stderr, "bare_parse: grammar %d did not load\n", g);
            return 1;
        }
    }
    unsigned long long nodes = 0;
    double wall0 = seconds(CLOCK_MONOTONIC), cpu0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
    for (size_t i = 0; i < count; i++) {
        TSTree *tree = ts_parser_parse_string(parsers[sources[i].grammar], NULL, sources[i].bytes, sources[i].length);
        if (tree == NULL) {
            fprintf(stderr, "bare_parse: no tree\n");
            return 1;
        }
        nodes += ts_node_child_count(ts_tree_root_node(tree));
        ts_tree_delete(tree);
    }
    double wall = seconds(CLOCK_MONOTONIC) - wall0, cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
    printf("bare parse: %zu files, %.1f MB, wall %.3f s, cpu %.3f s (%llu top-level nodes)\n", count,
            total / 1048576.0, wall, cpu, nodes);
    return 0;
}
