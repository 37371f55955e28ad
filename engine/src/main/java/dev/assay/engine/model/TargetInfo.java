package dev.assay.engine.model;

/** The scanned target: the path as given, its kind and the digest of the bytes that were read. */
public record TargetInfo(String path, String kind, String digest) {
}
