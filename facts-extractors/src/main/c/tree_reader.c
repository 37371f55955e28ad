/*
 * Copies a whole tree-sitter syntax tree into a Java int array in one native call (see
 * dev.assay.extract.component.code.NativeTreeReader). The Java binding hands over one node per native call and
 * converts each node object with field lookups by name, which cost more than parsing; walking here with a tree
 * cursor costs a few nanoseconds per node.
 *
 * The tree-sitter functions are taken from the library the binding has already loaded (found among the loaded
 * objects by its exported symbols), so a tree made there is read with the very code that made it. Only the public
 * C API is used; the two structs below restate its documented layouts.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <jni.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
} ts;

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

JNIEXPORT jboolean JNICALL Java_dev_assay_extract_component_code_NativeTreeReader_bind(JNIEnv *env, jclass cls) {
    (void) env;
    (void) cls;
    bool found = false;
    dl_iterate_phdr(find_binding, &found);
    return found ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jint JNICALL Java_dev_assay_extract_component_code_NativeTreeReader_nodeCount(JNIEnv *env, jclass cls,
        jlong tree) {
    (void) env;
    (void) cls;
    uint32_t n = ts.descendant_count(ts.root_node((const void *) (intptr_t) tree));
    return n > INT32_MAX ? -1 : (jint) n;
}

static void put(jint *out, uint32_t index, const TSTreeCursor *cursor) {
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
    slot[4] = ts.cursor_field_id(cursor);
}

/*
 * Writes every node in pre-order. Returns the number of nodes written, or -1 when the array is too small or memory
 * ran out (the caller then reads the tree another way). No recursion: the open ancestors are an explicit stack.
 */
JNIEXPORT jint JNICALL Java_dev_assay_extract_component_code_NativeTreeReader_read(JNIEnv *env, jclass cls,
        jlong tree, jintArray array) {
    (void) cls;
    jsize capacity = (*env)->GetArrayLength(env, array) / STRIDE;
    if (capacity < 1) {
        return -1;
    }
    size_t stack_size = 256, depth = 0;
    uint32_t *open = malloc(stack_size * sizeof *open);
    if (open == NULL) {
        return -1;
    }
    jint *out = (*env)->GetPrimitiveArrayCritical(env, array, NULL);
    if (out == NULL) {
        free(open);
        return -1;
    }
    TSTreeCursor cursor = ts.cursor_new(ts.root_node((const void *) (intptr_t) tree));
    uint32_t next = 0;
    jint result = -1;
    put(out, next, &cursor);
    open[depth++] = next++;
    for (;;) {
        if (ts.goto_first_child(&cursor)) {
            if (next >= (uint32_t) capacity) goto done;
            if (depth == stack_size) {
                uint32_t *grown = realloc(open, 2 * stack_size * sizeof *open);
                if (grown == NULL) goto done;
                open = grown;
                stack_size *= 2;
            }
            put(out, next, &cursor);
            open[depth++] = next++;
            continue;
        }
        for (;;) {
            out[(size_t) open[--depth] * STRIDE + 3] = (jint) next;
            if (ts.goto_next_sibling(&cursor)) {
                if (next >= (uint32_t) capacity) goto done;
                put(out, next, &cursor);
                open[depth++] = next++;
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
    (*env)->ReleasePrimitiveArrayCritical(env, array, out, 0);
    free(open);
    return result;
}
