/**
 * Reading the YAML tables bundled with Assay (scorer selection, pack index, formula specs, extractor settings) without
 * Jackson's {@code ObjectMapper}: {@link dev.assay.engine.yaml.YamlTree} builds the same {@code JsonNode} tree from the
 * streaming parser, and {@link dev.assay.engine.yaml.RecordBinder} reads a document into records. Both exist for start-up
 * time: the first {@code ObjectMapper} and its bean introspection cost a cold scan about a fifth of its Java CPU
 * (docs/performance.md). Internal: public only for the other modules of this project.
 */
package dev.assay.engine.yaml;
