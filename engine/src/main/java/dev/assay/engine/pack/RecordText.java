package dev.assay.engine.pack;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;

/**
 * The text a record's own {@code toString} gives ({@code Name[a=1, b=x]}), built with a string builder. On JDK 17 a
 * record's generated {@code toString} goes through {@code String.format}, whose format parsing was most of the cost
 * of ordering facts that tie on type, file and line (about 5 % of a large tree's CPU in a profile). A class is trusted
 * only after the text built for its first instance equals that instance's own {@code toString}; a class that is not
 * a record, or fails that check, gets its own {@code toString}.
 */
final class RecordText {

    /** The accessors of a record class's components in declaration order, or null: use {@code toString}. */
    private static final ClassValue<Accessors> ACCESSORS = new ClassValue<>() {
        @Override
        protected Accessors computeValue(Class<?> type) {
            return Accessors.of(type);
        }
    };

    private RecordText() {
    }

    static String of(Object value) {
        Accessors accessors = ACCESSORS.get(value.getClass());
        return accessors.trusted(value) ? accessors.text(value) : value.toString();
    }

    private static final class Accessors {
        private static final MethodType AS_OBJECT = MethodType.methodType(Object.class, Object.class);

        private final String simpleName;
        private final String[] names;
        private final MethodHandle[] getters;
        /** null until the first instance was checked; then whether the built text equals {@code toString}. */
        private volatile Boolean trusted;

        private Accessors(String simpleName, String[] names, MethodHandle[] getters) {
            this.simpleName = simpleName;
            this.names = names;
            this.getters = getters;
            this.trusted = getters == null ? Boolean.FALSE : null;
        }

        static Accessors of(Class<?> type) {
            if (!type.isRecord()) {
                return new Accessors(null, null, null);
            }
            try {
                RecordComponent[] components = type.getRecordComponents();
                String[] names = new String[components.length];
                MethodHandle[] getters = new MethodHandle[components.length];
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                for (int i = 0; i < components.length; i++) {
                    names[i] = components[i].getName();
                    getters[i] = lookup.unreflect(components[i].getAccessor()).asType(AS_OBJECT);
                }
                return new Accessors(type.getSimpleName(), names, getters);
            } catch (IllegalAccessException | SecurityException e) {
                return new Accessors(null, null, null);
            }
        }

        boolean trusted(Object value) {
            Boolean t = trusted;
            if (t == null) {
                t = text(value).equals(value.toString());
                trusted = t;
            }
            return t;
        }

        String text(Object value) {
            StringBuilder b = new StringBuilder(64).append(simpleName).append('[');
            for (int i = 0; i < getters.length; i++) {
                if (i > 0) {
                    b.append(", ");
                }
                Object v;
                try {
                    v = (Object) getters[i].invokeExact(value);
                } catch (Throwable e) { // an accessor of a fact record only returns its field
                    throw new IllegalStateException("cannot read " + simpleName + "." + names[i], e);
                }
                b.append(names[i]).append('=').append(v);
            }
            return b.append(']').toString();
        }
    }
}
