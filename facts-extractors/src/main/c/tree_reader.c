/*
 * Parses a source with tree-sitter and copies the whole syntax tree into a Java int array in one native call, then
 * frees the tree (see dev.assay.extract.component.code.NativeTreeReader). The Java binding hands over one node per
 * native call and converts each node object with field lookups by name, which cost more than parsing, and its trees
 * are freed only when the Java collector gets to them; here the walk is a tree cursor in C and the tree is freed at
 * once.
 *
 * Built two ways (build-native.sh). Plain: the tree-sitter functions are taken from the library the binding has
 * already loaded (found among the loaded objects by its exported symbols), so the parser the binding set up is used as
 * it is. With ASSAY_OWN_RUNTIME: the tree-sitter runtime and the grammars are compiled with -O2 into this library
 * (the binding's bundled natives are built without optimisation, about 3x slower), kept hidden from other libraries,
 * and this library makes its own parser per thread and grammar. Only the public C API is used; the structs below
 * restate its documented layouts (tree-sitter 0.25).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <jni.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    uint32_t context[4];
    const void *id;
    const void *tree;
} TSNode;

typedef struct {
    const void *tree;
    const void *id;
    uint32_t context[3];
} TSTreeCursor;

typedef struct {
    uint32_t row;
    uint32_t column;
} TSPoint;

typedef struct {
    void *payload;
    const char *(*read)(void *payload, uint32_t byte_index, TSPoint position, uint32_t *bytes_read);
    int encoding; /* TSInputEncoding: 0 UTF-8, 1 UTF-16LE, 2 UTF-16BE (the order of SourceText.Encoding) */
    void *decode; /* only for a custom encoding */
} TSInput;

typedef struct {
    void *payload;
    uint32_t current_byte_offset;
    bool has_error;
} TSParseState;

typedef struct {
    void *payload;
    bool (*progress_callback)(TSParseState *state);
} TSParseOptions;

/* Outcome codes of parse(); NativeTreeReader.java gives them names and must match. */
#define PARSED 0
#define STOPPED_STEPS 1
#define STOPPED_TIME 2
#define NO_TREE 3
#define TOO_LARGE 4

/* Ints per node in the output; the layout is documented in NativeTreeReader.java and must match it. */
#define STRIDE 5
#define FLAG_NAMED (1u << 16)
#define FLAG_MISSING (1u << 17)
#define FLAG_EXTRA (1u << 18)
#define FLAG_HAS_ERROR (1u << 19)

static struct {
    TSNode (*root_node)(const void *tree);
    uint32_t (*descendant_count)(TSNode);
    TSTreeCursor (*cursor_new)(TSNode);
    void (*cursor_delete)(TSTreeCursor *);
    TSNode (*cursor_node)(const TSTreeCursor *);
    uint16_t (*cursor_field_id)(const TSTreeCursor *);
    bool (*goto_first_child)(TSTreeCursor *);
    bool (*goto_next_sibling)(TSTreeCursor *);
    bool (*goto_parent)(TSTreeCursor *);
    uint16_t (*symbol)(TSNode);
    uint32_t (*start_byte)(TSNode);
    uint32_t (*end_byte)(TSNode);
    bool (*is_named)(TSNode);
    bool (*is_missing)(TSNode);
    bool (*is_extra)(TSNode);
    bool (*has_error)(TSNode);
    void *(*parse)(void *parser, const void *old_tree, TSInput input, TSParseOptions options);
    void (*parser_reset)(void *parser);
    void (*tree_delete)(void *tree);
} ts;

#ifdef ASSAY_OWN_RUNTIME
/* The runtime and grammars compiled into this library (hidden symbols; declared here with the layouts above). */
TSNode ts_tree_root_node(const void *tree);
uint32_t ts_node_descendant_count(TSNode);
TSTreeCursor ts_tree_cursor_new(TSNode);
void ts_tree_cursor_delete(TSTreeCursor *);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *);
uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *);
bool ts_tree_cursor_goto_parent(TSTreeCursor *);
uint16_t ts_node_symbol(TSNode);
uint32_t ts_node_start_byte(TSNode);
uint32_t ts_node_end_byte(TSNode);
bool ts_node_is_named(TSNode);
bool ts_node_is_missing(TSNode);
bool ts_node_is_extra(TSNode);
bool ts_node_has_error(TSNode);
void *ts_parser_parse_with_options(void *parser, const void *old_tree, TSInput input, TSParseOptions options);
void ts_parser_reset(void *parser);
void ts_tree_delete(void *tree);
void *ts_parser_new(void);
bool ts_parser_set_language(void *parser, const void *language);
uint32_t ts_language_symbol_count(const void *language);
const char *ts_language_symbol_name(const void *language, uint16_t symbol);
uint32_t ts_language_field_count(const void *language);
const char *ts_language_field_name_for_id(const void *language, uint16_t id);
const void *tree_sitter_python(void);
const void *tree_sitter_javascript(void);
const void *tree_sitter_typescript(void);
const void *tree_sitter_tsx(void);
const void *tree_sitter_bash(void);

/* In the order of dev.assay.extract.component.code.Language (its ordinal is the index). */
#define GRAMMARS 5
static const void *(*const grammar_of[GRAMMARS])(void) = {
    tree_sitter_python, tree_sitter_javascript, tree_sitter_typescript, tree_sitter_tsx, tree_sitter_bash,
};

static bool bind_own(void) {
#define OWN(field, function) *(void **) &ts.field = (void *) function
    OWN(root_node, ts_tree_root_node);
    OWN(descendant_count, ts_node_descendant_count);
    OWN(cursor_new, ts_tree_cursor_new);
    OWN(cursor_delete, ts_tree_cursor_delete);
    OWN(cursor_node, ts_tree_cursor_current_node);
    OWN(cursor_field_id, ts_tree_cursor_current_field_id);
    OWN(goto_first_child, ts_tree_cursor_goto_first_child);
    OWN(goto_next_sibling, ts_tree_cursor_goto_next_sibling);
    OWN(goto_parent, ts_tree_cursor_goto_parent);
    OWN(symbol, ts_node_symbol);
    OWN(start_byte, ts_node_start_byte);
    OWN(end_byte, ts_node_end_byte);
    OWN(is_named, ts_node_is_named);
    OWN(is_missing, ts_node_is_missing);
    OWN(is_extra, ts_node_is_extra);
    OWN(has_error, ts_node_has_error);
    OWN(parse, ts_parser_parse_with_options);
    OWN(parser_reset, ts_parser_reset);
    OWN(tree_delete, ts_tree_delete);
#undef OWN
    return true;
}
#endif

#ifndef ASSAY_OWN_RUNTIME
static bool bind_all(void *lib) {
#define BIND(field, name) if (!(*(void **) &ts.field = dlsym(lib, name))) return false
    BIND(root_node, "ts_tree_root_node");
    BIND(descendant_count, "ts_node_descendant_count");
    BIND(cursor_new, "ts_tree_cursor_new");
    BIND(cursor_delete, "ts_tree_cursor_delete");
    BIND(cursor_node, "ts_tree_cursor_current_node");
    BIND(cursor_field_id, "ts_tree_cursor_current_field_id");
    BIND(goto_first_child, "ts_tree_cursor_goto_first_child");
    BIND(goto_next_sibling, "ts_tree_cursor_goto_next_sibling");
    BIND(goto_parent, "ts_tree_cursor_goto_parent");
    BIND(symbol, "ts_node_symbol");
    BIND(start_byte, "ts_node_start_byte");
    BIND(end_byte, "ts_node_end_byte");
    BIND(is_named, "ts_node_is_named");
    BIND(is_missing, "ts_node_is_missing");
    BIND(is_extra, "ts_node_is_extra");
    BIND(has_error, "ts_node_has_error");
    BIND(parse, "ts_parser_parse_with_options");
    BIND(parser_reset, "ts_parser_reset");
    BIND(tree_delete, "ts_tree_delete");
#undef BIND
    return true;
}

/* Looks through the loaded objects for the binding's library: it exports both the tree-sitter API and the
 * binding's own JNI entry points (a grammar library exports neither). */
static int find_binding(struct dl_phdr_info *info, size_t size, void *found) {
    (void) size;
    if (info->dlpi_name == NULL || info->dlpi_name[0] == '\0') {
        return 0;
    }
    void *lib = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
    if (lib == NULL) {
        return 0;
    }
    if (dlsym(lib, "ts_tree_cursor_new") != NULL && dlsym(lib, "Java_org_treesitter_TSParser_ts_1node_1symbol") != NULL
            && bind_all(lib)) {
        *(bool *) found = true;
        return 1; /* keeps the handle: the library stays loaded for as long as the process uses it */
    }
    dlclose(lib);
    return 0;
}

#endif

JNIEXPORT jboolean JNICALL Java_dev_assay_extract_component_code_NativeTreeReader_bind(JNIEnv *env, jclass cls) {
    (void) env;
    (void) cls;
#ifdef ASSAY_OWN_RUNTIME
    return bind_own() ? JNI_TRUE : JNI_FALSE;
#else
    bool found = false;
    dl_iterate_phdr(find_binding, &found);
    return found ? JNI_TRUE : JNI_FALSE;
#endif
}

/* Whether the runtime and grammars are compiled into this library (then parseOwn and the name tables apply). */
JNIEXPORT jboolean JNICALL Java_dev_assay_extract_component_code_NativeTreeReader_ownRuntimeBuilt(JNIEnv *env,
        jclass cls) {
    (void) env;
    (void) cls;
#ifdef ASSAY_OWN_RUNTIME
    return JNI_TRUE;
#else
    return JNI_FALSE;
#endif
}

/* Writes the cursor's node. with_field: look up the field it fills (that lookup climbs the hidden nodes between it
 * and its parent, which under a very wide repetition are many, so it is made only for a node's first children). */
static void put(jint *out, uint32_t index, const TSTreeCursor *cursor, bool with_field) {
    TSNode node = ts.cursor_node(cursor);
    uint32_t flags = ts.symbol(node);
    if (ts.is_named(node)) flags |= FLAG_NAMED;
    if (ts.is_missing(node)) flags |= FLAG_MISSING;
    if (ts.is_extra(node)) flags |= FLAG_EXTRA;
    if (ts.has_error(node)) flags |= FLAG_HAS_ERROR;
    jint *slot = out + (size_t) index * STRIDE;
    slot[0] = (jint) flags;
    slot[1] = (jint) ts.start_byte(node);
    slot[2] = (jint) ts.end_byte(node);
    slot[3] = 0; /* the index after the node's subtree, set when the walk leaves it */
    slot[4] = with_field ? ts.cursor_field_id(cursor) : 0;
}

/* A node whose children are being written, and how many of them have been. */
typedef struct {
    uint32_t index;
    uint32_t children;
} Open;

/*
 * Writes every node of the tree in pre-order into out (room for capacity nodes); fields are recorded for the first
 * field_children children of each node. Returns the number of nodes written, or -1 when out is too small or memory
 * ran out. No recursion: the open ancestors are an explicit stack.
 */
static jint fill(const void *tree, jint *out, uint32_t capacity, uint32_t field_children) {
    if (capacity < 1) {
        return -1;
    }
    size_t stack_size = 256, depth = 0;
    Open *open = malloc(stack_size * sizeof *open);
    if (open == NULL) {
        return -1;
    }
    TSTreeCursor cursor = ts.cursor_new(ts.root_node(tree));
    uint32_t next = 0;
    jint result = -1;
    put(out, next, &cursor, false);
    open[depth++] = (Open) {next++, 0};
    for (;;) {
        if (ts.goto_first_child(&cursor)) {
            if (next >= capacity) goto done;
            if (depth == stack_size) {
                Open *grown = realloc(open, 2 * stack_size * sizeof *open);
                if (grown == NULL) goto done;
                open = grown;
                stack_size *= 2;
            }
            put(out, next, &cursor, ++open[depth - 1].children <= field_children);
            open[depth++] = (Open) {next++, 0};
            continue;
        }
        for (;;) {
            out[(size_t) open[--depth].index * STRIDE + 3] = (jint) next;
            if (ts.goto_next_sibling(&cursor)) {
                if (next >= capacity) goto done;
                put(out, next, &cursor, ++open[depth - 1].children <= field_children);
                open[depth++] = (Open) {next++, 0};
                break;
            }
            if (!ts.goto_parent(&cursor)) {
                result = (jint) next;
                goto done;
            }
        }
    }
done:
    ts.cursor_delete(&cursor);
    free(open);
    return result;
}

/* Copies the tree into a new Java array; NULL when it does not fit one (or, with an exception pending, no memory). */
static jintArray copy_tree(JNIEnv *env, const void *tree, uint32_t field_children) {
    uint32_t count = ts.descendant_count(ts.root_node(tree));
    if (count == 0 || count > INT32_MAX / STRIDE) {
        return NULL;
    }
    jintArray array = (*env)->NewIntArray(env, (jsize) (count * STRIDE));
    if (array == NULL) {
        return NULL;
    }
    jint *out = (*env)->GetPrimitiveArrayCritical(env, array, NULL);
    if (out == NULL) {
        return NULL;
    }
    jint written = fill(tree, out, count, field_children);
    (*env)->ReleasePrimitiveArrayCritical(env, array, out, 0);
    return written == (jint) count ? array : NULL;
}

typedef struct {
    const char *bytes;
    uint32_t length;
} Source;

static const char *read_source(void *payload, uint32_t byte_index, TSPoint position, uint32_t *bytes_read) {
    (void) position;
    const Source *source = payload;
    if (byte_index >= source->length) {
        *bytes_read = 0;
        return "";
    }
    *bytes_read = source->length - byte_index;
    return source->bytes + byte_index;
}

/* The parse budget: tree-sitter calls back about every hundred parser operations, so the count of callbacks is a
 * deterministic measure of work; the clock is only a safety stop, read every 32 callbacks. */
typedef struct {
    int64_t checks;
    int64_t max_checks;
    int64_t deadline;
    int stop;
} Budget;

static int64_t now_nanos(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t) t.tv_sec * 1000000000 + t.tv_nsec;
}

static bool over_budget(TSParseState *state) {
    Budget *budget = state->payload;
    int64_t n = ++budget->checks;
    if (n > budget->max_checks) {
        budget->stop = STOPPED_STEPS;
        return true;
    }
    if ((n & 31) == 0 && now_nanos() > budget->deadline) {
        budget->stop = STOPPED_TIME;
        return true;
    }
    return false;
}

/*
 * Parses a file's own bytes in their encoding (UTF-8 or UTF-16; anything else is refused) with a parser, within the
 * budget, and returns the tree copied into a new array, having freed the tree. outcome[0] receives an outcome code;
 * NULL when there is no tree to return. A cancelled parser is reset, so that it can be used again.
 */
static jintArray parse_with(JNIEnv *env, void *parser, jbyteArray source, jint encoding, jlong max_checks,
        jlong max_nanos, jint field_children, jintArray outcome) {
    jint code = NO_TREE;
    jintArray nodes = NULL;
    jsize length = (*env)->GetArrayLength(env, source);
    char *bytes = encoding >= 0 && encoding <= 2 ? malloc(length > 0 ? (size_t) length : 1) : NULL;
    if (bytes == NULL) {
        (*env)->SetIntArrayRegion(env, outcome, 0, 1, &code);
        return NULL;
    }
    (*env)->GetByteArrayRegion(env, source, 0, length, (jbyte *) bytes);
    Source input_source = {bytes, (uint32_t) length};
    Budget budget = {0, max_checks, now_nanos() + max_nanos, 0};
    TSInput input = {&input_source, read_source, encoding, NULL};
    TSParseOptions options = {&budget, over_budget};
    void *tree = ts.parse(parser, NULL, input, options);
    free(bytes);
    if (tree == NULL) {
        ts.parser_reset(parser);
        code = budget.stop != 0 ? budget.stop : NO_TREE;
    } else {
        nodes = copy_tree(env, tree, (uint32_t) field_children);
        ts.tree_delete(tree);
        code = nodes != NULL ? PARSED : TOO_LARGE;
    }
    if (!(*env)->ExceptionCheck(env)) {
        (*env)->SetIntArrayRegion(env, outcome, 0, 1, &code);
    }
    return nodes;
}

JNIEXPORT jintArray JNICALL Java_dev_assay_extract_component_code_NativeTreeReader_parse(JNIEnv *env, jclass cls,
        jlong parser, jbyteArray source, jint encoding, jlong max_checks, jlong max_nanos, jint field_children,
        jintArray outcome) {
    (void) cls;
    return parse_with(env, (void *) (intptr_t) parser, source, encoding, max_checks, max_nanos, field_children,
            outcome);
}

#ifdef ASSAY_OWN_RUNTIME
/* One parser per thread and grammar, made on first use; kept for the thread's life (threads are pooled). */
static __thread void *own_parsers[GRAMMARS];

/* Like parse, with this library's own parser for the grammar (an index into grammar_of). */
JNIEXPORT jintArray JNICALL Java_dev_assay_extract_component_code_NativeTreeReader_parseOwn(JNIEnv *env, jclass cls,
        jint grammar, jbyteArray source, jint encoding, jlong max_checks, jlong max_nanos, jint field_children,
        jintArray outcome) {
    (void) cls;
    jint code = NO_TREE;
    if (grammar < 0 || grammar >= GRAMMARS) {
        (*env)->SetIntArrayRegion(env, outcome, 0, 1, &code);
        return NULL;
    }
    if (own_parsers[grammar] == NULL) {
        void *parser = ts_parser_new();
        if (parser == NULL || !ts_parser_set_language(parser, grammar_of[grammar]())) {
            (*env)->SetIntArrayRegion(env, outcome, 0, 1, &code);
            return NULL;
        }
        own_parsers[grammar] = parser;
    }
    return parse_with(env, own_parsers[grammar], source, encoding, max_checks, max_nanos, field_children, outcome);
}

/* The grammar's names: symbols 0..count-1 when fields is false, else field names by id 1..count (index 0 unused). */
JNIEXPORT jobjectArray JNICALL Java_dev_assay_extract_component_code_NativeTreeReader_names(JNIEnv *env, jclass cls,
        jint grammar, jboolean fields) {
    (void) cls;
    if (grammar < 0 || grammar >= GRAMMARS) {
        return NULL;
    }
    const void *language = grammar_of[grammar]();
    uint32_t count = fields ? ts_language_field_count(language) + 1 : ts_language_symbol_count(language);
    jclass string = (*env)->FindClass(env, "java/lang/String");
    if (string == NULL) {
        return NULL;
    }
    jobjectArray names = (*env)->NewObjectArray(env, (jsize) count, string, NULL);
    for (uint32_t i = fields ? 1 : 0; names != NULL && i < count; i++) {
        const char *name = fields ? ts_language_field_name_for_id(language, (uint16_t) i)
                : ts_language_symbol_name(language, (uint16_t) i);
        if (name != NULL) {
            jstring text = (*env)->NewStringUTF(env, name);
            if (text == NULL) {
                return NULL;
            }
            (*env)->SetObjectArrayElement(env, names, (jsize) i, text);
            (*env)->DeleteLocalRef(env, text);
        }
    }
    return names;
}
#endif
