package dev.assay.spark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Lists a job's components on the driver, sorted by id: the entries of a folder ({@code --input}; each subfolder or
 * file {@code --depth} levels down is one component, its id the path below the folder), the lines of a list file
 * ({@code --list}; one path per line, the path is the id) or the rows of a table ({@code --table}; Parquet, or JSON
 * Lines when the name ends in .json or .jsonl, with {@code id} and {@code path} columns). Names starting with '.' or
 * '_' (hidden files, Hadoop's markers) are not components.
 */
final class Components {

    /** More components than this in one job is refused: the list is held on the driver. */
    static final int MAX_COMPONENTS = 5_000_000;

    private Components() {
    }

    static List<Component> list(SparkSession spark, JobOptions o) throws JobException {
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        TreeMap<String, Component> byId = new TreeMap<>();
        try {
            if (o.input != null) {
                Path root = new Path(o.input);
                FileSystem fs = root.getFileSystem(conf);
                if (!fs.exists(root) || !fs.getFileStatus(root).isDirectory()) {
                    throw new JobException("--input must be a folder of components: " + o.input);
                }
                folder(fs, root, o.input.endsWith("/") ? o.input.substring(0, o.input.length() - 1) : o.input, "",
                        o.depth, byId);
            } else if (o.list != null) {
                Path file = new Path(o.list);
                FileSystem fs = file.getFileSystem(conf);
                try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = in.readLine()) != null) {
                        String p = line.strip();
                        if (!p.isEmpty() && !p.startsWith("#")) {
                            add(byId, new Component(p, p));
                        }
                    }
                }
            } else {
                String t = o.table;
                Dataset<Row> rows = t.endsWith(".json") || t.endsWith(".jsonl") ? spark.read().json(t) : spark.read().parquet(t);
                for (Row r : rows.select("id", "path").collectAsList()) {
                    if (r.isNullAt(0) || r.isNullAt(1)) {
                        throw new JobException("the table " + t + " has a row without id or path");
                    }
                    add(byId, new Component(r.getString(0), r.getString(1)));
                }
            }
        } catch (IOException e) {
            throw new JobException("cannot list the components: " + ComponentReader.oneLine(e));
        } catch (RuntimeException e) { // Spark reports a missing or unreadable table unchecked
            throw new JobException("cannot read the table " + o.table + ": " + ComponentReader.oneLine(e));
        }
        return new ArrayList<>(byId.values());
    }

    private static void folder(FileSystem fs, Path dir, String shown, String id, int depth, TreeMap<String, Component> out)
            throws IOException, JobException {
        for (FileStatus s : fs.listStatus(dir)) {
            String name = s.getPath().getName();
            if (name.startsWith(".") || name.startsWith("_")) {
                continue;
            }
            String childId = id.isEmpty() ? name : id + "/" + name;
            String childShown = shown + "/" + name;
            if (depth > 1) {
                if (s.isDirectory()) {
                    folder(fs, s.getPath(), childShown, childId, depth - 1, out);
                }
            } else {
                add(out, new Component(childId, childShown));
            }
        }
    }

    private static void add(TreeMap<String, Component> out, Component c) throws JobException {
        if (out.putIfAbsent(c.id(), c) != null) {
            throw new JobException("two components have the id " + c.id());
        }
        if (out.size() > MAX_COMPONENTS) {
            throw new JobException("more than " + MAX_COMPONENTS + " components; split the job");
        }
    }
}
