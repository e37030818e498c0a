/* Output paths and file names: creating the directories an output needs,
 * and one canonical spelling of an input file's path. */
#ifndef PAPSIM_FS_H
#define PAPSIM_FS_H
#include <stddef.h>

#include "util/papsim_error.h"

/* mkdir -p: creates dir and every missing directory above it. Fails, naming
 * the directory that could not be made, if a component is a file or cannot
 * be created. */
int papsim_mkdir_p(const char *dir, papsim_err *e);

/* Creates the missing directories above an output file ("a/b/out.csv"
 * makes a/b); nothing for a plain file name. */
int papsim_mkdir_parents(const char *file, papsim_err *e);

/* One spelling for an input file named in a file under base_dir: its real
 * path (symbolic links, "." and ".." resolved) relative to base_dir's real
 * path, so "x.xml", "./x.xml", "sub/../x.xml" and "/abs/base/x.xml" give
 * "x.xml" and "../p/x.xml" stays "../p/x.xml". An absolute spelling of a
 * file outside base_dir gives its real absolute path. The file must exist. */
int papsim_path_label(const char *base_dir, const char *spelled, char *out, size_t cap,
                      papsim_err *e);

/* A new private directory $TMPDIR/NAME-XXXXXX (TMPDIR unset: /tmp) into
 * dir; fails naming the parent that refused it. */
int papsim_make_temp_dir(const char *name, char *dir, size_t len, papsim_err *e);

/* Appends whole rows in one write; when it fails (a full disk) the file is
 * cut back to its size before, and the error names path and the cause. */
int papsim_append_whole(int fd, const char *path, const char *rows, size_t len, papsim_err *e);

#endif
