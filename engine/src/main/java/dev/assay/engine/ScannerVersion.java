package dev.assay.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version of this Assay build, as reports name it ({@code scannerVersion}). */
public final class ScannerVersion {

    private static final Properties PROPERTIES = load();
    private static final String VERSION = "assay/" + PROPERTIES.getProperty("version", "unknown");

    private ScannerVersion() {
    }

    public static String get() {
        return VERSION;
    }

    /** The page that tells people what Assay is (SARIF {@code informationUri}), set in the build (root pom). */
    public static String informationUri() {
        return PROPERTIES.getProperty("informationUri", "");
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = ScannerVersion.class.getResourceAsStream("assay-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            p.clear();
        }
        return p;
    }
}
