#ifndef SLATE_FAULT_VFS_H
#define SLATE_FAULT_VFS_H

/*
 * A VFS for tests that passes everything to the default VFS and fails one chosen kind of
 * call on demand, to see how Slate behaves when the disk does.
 *
 * Register it once, open a database with vfs "slate-fault", then arm a fault: the next
 * `countdown` matching calls succeed and the one after fails with `error_code`
 * (each armed fault fires once). Only files whose path contains `path_part` are affected.
 */

enum {
    SLATE_FAULT_NONE = 0,
    SLATE_FAULT_SYNC = 1,   /* xSync */
    SLATE_FAULT_WRITE = 2,  /* xWrite */
    SLATE_FAULT_READ = 3    /* xRead */
};

/* Registers the "slate-fault" VFS (not as the default). Idempotent. Returns an SQLite code. */
int slate_fault_vfs_register(void);

/* Arms one fault. `path_part` is copied. */
void slate_fault_vfs_arm(int kind, int countdown, int error_code, const char *path_part);

/* Disarms any fault. */
void slate_fault_vfs_disarm(void);

/* How many faults have fired since registration. */
int slate_fault_vfs_fired_count(void);

#endif
