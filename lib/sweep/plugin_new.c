#include "sweep/plugin_new.h"

#include <ctype.h>
#include <string.h>

#include "papsim_catalog.h"
#include "papsim_plugin.h"

/* The parameter lists of the signatures (signatures.def) as text, without
 * the trailing params; a collective's is its row's signature
 * (collectives.def). PAPSIM_PLUGIN_ALGORITHM checks the signature when the
 * written file compiles (tests/cli/papsim_new.sh compiles one of every
 * collective). */
static const struct {
    const char *signature, *args;
} signatures[] = {
#define PAPSIM_SIGNATURE(signature, ...) {#signature, #__VA_ARGS__},
#include "signatures.def"
};

/* The parameter list of the collective's signature; NULL for an unknown
 * collective. */
static const char *parameters(const papsim_collective_entry *c)
{
    for (size_t i = 0; c && i < sizeof signatures / sizeof signatures[0]; i++)
        if (!strcmp(signatures[i].signature, c->signature))
            return signatures[i].args;
    return NULL;
}

/* The argument names of a parameter list: the last word of each piece. */
static void write_names(FILE *out, const char *args)
{
    const char *piece = args;
    for (;;) {
        const char *end = strchr(piece, ',');
        const char *stop = end ? end : piece + strlen(piece);
        const char *w = stop;
        while (w > piece && (isalnum((unsigned char)w[-1]) || w[-1] == '_'))
            w--;
        fprintf(out, "%s%.*s", piece == args ? "" : ", ", (int)(stop - w), w);
        if (!end)
            return;
        piece = end + 1;
    }
}

/* The parameter list broken after commas at about 96 columns, indented. */
static void write_params(FILE *out, const char *args, int indent)
{
    int col = indent;
    const char *piece = args;
    for (;;) {
        const char *end = strchr(piece, ',');
        int len = end ? (int)(end - piece) : (int)strlen(piece);
        while (*piece == ' ')
            piece++, len--;
        if (piece != args && col + len + 2 > 96) {
            fprintf(out, ",\n%*s", indent, "");
            col = indent;
        } else if (piece != args) {
            fputs(", ", out);
            col += 2;
        }
        fprintf(out, "%.*s", len, piece);
        col += len;
        if (!end)
            return;
        piece = end + 1;
    }
}

int papsim_plugin_write_source(FILE *out, const char *collective, const char *name,
                               papsim_err *e)
{
    size_t n = strlen(name);
    char title[64], mpi[64];
    const papsim_collective_entry *c = papsim_collective_find(collective);
    const char *args = parameters(c);
    if (!args) {
        char names[512];
        papsim_collective_names(names, sizeof names);
        return papsim_fail(e, "collective '%s' is unknown (valid: %s)", collective, names);
    }
    if (n == 0 || n >= PAPSIM_PLUGIN_NAME_MAX || strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") != n ||
        isdigit((unsigned char)name[0]))
        return papsim_fail(e, "name '%s': use lower-case letters, digits and _, not first a "
                              "digit (at most %d)", name, PAPSIM_PLUGIN_NAME_MAX - 1);
    if (papsim_catalog_find(collective, name))
        return papsim_fail(e, "name '%s': papsim has a %s algorithm of that name; choose "
                              "another", name, collective);
    snprintf(title, sizeof title, "%s", collective);
    snprintf(mpi, sizeof mpi, "MPI_%s", c->mpi);
    title[0] = (char)toupper((unsigned char)title[0]);
    char fn[128];
    snprintf(fn, sizeof fn, "user_%s_%s", collective, name);
    fprintf(out,
            "/* %s: %s (one line: what it does).\n"
            " *\n"
            " * Paper:   authors, \"title\", venue, year (or: new).\n"
            " * Pattern: who sends what to whom in each step; what happens with\n"
            " *          uneven splits and empty pieces. For now the body calls the MPI\n"
            " *          library's own %s: replace it with the algorithm.\n"
            " * Cost:    alpha/beta/gamma terms (p ranks, m bytes).\n"
            " * Memory:  scratch buffers.\n"
            " * Restrictions: none. A restriction is declared below (PAPSIM_R_*) and\n"
            " *          checked by the function itself with the error class\n"
            " *          papsim_algorithms.h lists, on every rank, before it sends.\n"
            " *\n"
            " * Build (CMakeLists.txt beside this file): cmake -S . -B build\n"
            " * -DCMAKE_PREFIX_PATH=PAPSIM_PREFIX && cmake --build build; or with pkg-config:\n"
            " *   cc -O2 -fPIC -shared -Wl,--exclude-libs,ALL -Wl,-z,defs \\\n"
            " *      -o build/%s_%s.smpi.so %s_%s.c \\\n"
            " *      $(pkg-config --cflags --libs papsim-smpi)\n"
            " * and papsim-mpi for %s_%s.mpi.so. Then: papsim list --plugin\n"
            " * build/%s_%s.smpi.so, papsim bench --plugin ... --algorithm user:%s\n"
            " * (docs/your-algorithm.md in papsim's sources).\n"
            " */\n"
            "#include <papsim/papsim.h>\n\n",
            title, name, mpi, collective, name, collective, name, collective, name,
            collective, name, name);
    char params[512];
    snprintf(params, sizeof params, "%s, const papsim_params *params", args);
    fprintf(out, "int %s(", fn);
    write_params(out, params, (int)strlen(fn) + 5);
    fputs(")\n{\n", out);
    fprintf(out,
            "    int rc = papsim_check_params(params); /* knobs out of range: MPI_ERR_ARG */\n"
            "    if (rc != MPI_SUCCESS)\n"
            "        return rc;\n"
            "    return %s(", mpi);
    write_names(out, args);
    fprintf(out, ");\n}\n\n");
    fprintf(out,
            "/* collective, name, function, restrictions (PAPSIM_R_*), knobs read\n"
            " * (PAPSIM_K_*), message-count model (\"\": papsim's default), Open MPI's\n"
            " * counterpart \"NAME:ID\", MPICH's, description with the cost. */\n"
            "PAPSIM_PLUGIN_ALGORITHM(%s, %s, %s, 0, 0, \"\", \"\", \"\",\n"
            "                        \"%s %s: the pattern in one line; its alpha/beta/gamma cost\");\n",
            collective, name, fn, collective, name);
    return 0;
}

void papsim_plugin_write_cmake(FILE *out, const char *target, const char *source)
{
    fprintf(out,
            "# A user's algorithm built against an installed papsim:\n"
            "#   cmake -S . -B build -DCMAKE_PREFIX_PATH=PAPSIM_PREFIX && cmake --build build\n"
            "# makes build/%s.smpi.so (papsim, smpirun) and build/%s.mpi.so\n"
            "# (papbench-mpi, libpapcoll under mpirun).\n"
            "cmake_minimum_required(VERSION 3.18)\n"
            "project(%s LANGUAGES C)\n\n"
            "find_package(papsim REQUIRED)\n"
            "papsim_add_algorithm(%s %s)\n",
            target, target, target, target, source);
}
