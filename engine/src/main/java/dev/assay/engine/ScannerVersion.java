package dev.assay.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version of this Assay build, as reports name it ({@code scannerVersion}). */
public final class ScannerVersion {

    private static final String VERSION = read();

    private ScannerVersion() {
    }

    public static String get() {
        return VERSION;
    }

    private static String read() {
        try (InputStream in = ScannerVersion.class.getResourceAsStream("assay-version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return "assay/" + p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "assay/unknown";
        }
    }
}
