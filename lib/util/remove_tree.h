/* Removing a working directory papsim made, without a shell and without
 * ever leaving it: a symbolic link inside is removed, never followed. */
#ifndef PAPSIM_REMOVE_TREE_H
#define PAPSIM_REMOVE_TREE_H

/* Removes dir and everything under it. A symbolic link (also one to a
 * directory elsewhere) is unlinked itself; its target is left alone.
 * Returns 0, or -1 with errno set when something could not be removed
 * (what could be removed is gone). */
int papsim_remove_tree(const char *dir);

#endif
