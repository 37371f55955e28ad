package dev.assay.engine.pack;

import java.util.List;

/** How a rule finds what it reports; compiled by the engine into Drools rules. */
public sealed interface Detector {

    /**
     * Conditions over the nodes of one structured config document. The first term anchors the rule (its node is the
     * evidence); the others must hold in the same config: the anchor's file, or where an OpenClaw config includes
     * files, the merged config ({@code ConfigValue.configFile}), whose values in other files that hold a term are shown
     * as evidence too. Paths are globs; {@code {n}} in a later term's path stands for the n-th {@code *} of the
     * anchor's path.
     */
    record Config(List<String> documents, List<Term> when) implements Detector {
        public Config {
            documents = List.copyOf(documents);
            when = List.copyOf(when);
        }
    }

    /** A linear-time regular expression over text documents of the given roles (all roles when empty). */
    record Regex(List<String> roles, List<String> files, String pattern, boolean ignoreCase, List<String> exclude)
            implements Detector {
        public Regex {
            roles = List.copyOf(roles);
            files = List.copyOf(files);
            exclude = List.copyOf(exclude);
        }
    }

    /**
     * Conditions over the fields of a fact; {@code sameFile} facts must exist in the same file and
     * {@code notSameFile} facts must not. Most rules name one fact type; a rule that names several (each offering
     * every field its terms test) fires on a fact of any of them, e.g. a secret rule on {@code ConfigValue} and
     * {@code ReplacedConfigValue}: what is on disk, in effect or not.
     */
    record FactPattern(List<String> types, List<Term> where, List<Related> sameFile, List<Related> notSameFile)
            implements Detector {
        public FactPattern {
            if (types.isEmpty()) {
                throw new IllegalArgumentException("a fact pattern names at least one fact type");
            }
            types = List.copyOf(types);
            where = List.copyOf(where);
            sameFile = List.copyOf(sameFile);
            notSameFile = List.copyOf(notSameFile);
        }

        public FactPattern(String type, List<Term> where, List<Related> sameFile, List<Related> notSameFile) {
            this(List.of(type), where, sameFile, notSameFile);
        }

        /** The first fact type named: the only one for most rules. */
        public String type() {
            return types.get(0);
        }
    }

    /** A further fact pattern joined on the file of the anchor fact. */
    record Related(String type, List<Term> where) {
        public Related {
            where = List.copyOf(where);
        }
    }

    /** The rule is written in the pack's DRL; the YAML holds its metadata only. */
    record Drl() implements Detector {
    }
}
