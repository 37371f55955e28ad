package dev.assay.spark;

/** A problem with the job's input or options: one line for the user, exit code 1. */
final class JobException extends Exception {

    private static final long serialVersionUID = 1L;

    JobException(String message) {
        super(message);
    }
}
