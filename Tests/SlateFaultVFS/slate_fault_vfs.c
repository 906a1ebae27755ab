#include "slate_fault_vfs.h"

#include <sqlite3.h>
#include <string.h>
#include <pthread.h>

typedef struct FaultFile {
    sqlite3_file base;      /* must come first */
    sqlite3_file *real;     /* the default VFS's file, stored right after this struct */
    const char *name;       /* valid until xClose, SQLite guarantees */
} FaultFile;

static sqlite3_vfs fault_vfs;
static sqlite3_vfs *real_vfs = 0;
static pthread_mutex_t fault_lock = PTHREAD_MUTEX_INITIALIZER;
static int armed_kind = SLATE_FAULT_NONE;
static int armed_countdown = 0;
static int armed_code = SQLITE_IOERR;
static char armed_path[512];
static int fired = 0;

/* Returns the error code to fail with, or SQLITE_OK to go ahead. */
static int fault_check(FaultFile *file, int kind) {
    int result = SQLITE_OK;
    pthread_mutex_lock(&fault_lock);
    if (armed_kind == kind && (armed_path[0] == 0 || (file->name && strstr(file->name, armed_path)))) {
        if (armed_countdown == 0) {
            result = armed_code;
            armed_kind = SLATE_FAULT_NONE;
            fired += 1;
        } else {
            armed_countdown -= 1;
        }
    }
    pthread_mutex_unlock(&fault_lock);
    return result;
}

static int f_close(sqlite3_file *f) {
    FaultFile *file = (FaultFile *)f;
    int rc = SQLITE_OK;
    if (file->real->pMethods) rc = file->real->pMethods->xClose(file->real);
    return rc;
}
static int f_read(sqlite3_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *file = (FaultFile *)f;
    int rc = fault_check(file, SLATE_FAULT_READ);
    if (rc != SQLITE_OK) return rc;
    return file->real->pMethods->xRead(file->real, buffer, amount, offset);
}
static int f_write(sqlite3_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *file = (FaultFile *)f;
    int rc = fault_check(file, SLATE_FAULT_WRITE);
    if (rc != SQLITE_OK) return rc;
    return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
}
static int f_truncate(sqlite3_file *f, sqlite3_int64 size) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xTruncate(file->real, size);
}
static int f_sync(sqlite3_file *f, int flags) {
    FaultFile *file = (FaultFile *)f;
    int rc = file->real->pMethods->xSync(file->real, flags);
    if (rc != SQLITE_OK) return rc;
    /* The data reached the real file first: a sync that "fails" after writing, as disks do. */
    return fault_check(file, SLATE_FAULT_SYNC);
}
static int f_file_size(sqlite3_file *f, sqlite3_int64 *size) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xFileSize(file->real, size);
}
static int f_lock(sqlite3_file *f, int level) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xLock(file->real, level);
}
static int f_unlock(sqlite3_file *f, int level) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xUnlock(file->real, level);
}
static int f_check_reserved_lock(sqlite3_file *f, int *out) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xCheckReservedLock(file->real, out);
}
static int f_file_control(sqlite3_file *f, int op, void *arg) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xFileControl(file->real, op, arg);
}
static int f_sector_size(sqlite3_file *f) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xSectorSize(file->real);
}
static int f_device_characteristics(sqlite3_file *f) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}
static int f_shm_map(sqlite3_file *f, int region, int size, int extend, void volatile **out) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xShmMap(file->real, region, size, extend, out);
}
static int f_shm_lock(sqlite3_file *f, int offset, int n, int flags) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xShmLock(file->real, offset, n, flags);
}
static void f_shm_barrier(sqlite3_file *f) {
    FaultFile *file = (FaultFile *)f;
    file->real->pMethods->xShmBarrier(file->real);
}
static int f_shm_unmap(sqlite3_file *f, int delete_flag) {
    FaultFile *file = (FaultFile *)f;
    return file->real->pMethods->xShmUnmap(file->real, delete_flag);
}

/* Version 2 methods: no memory-mapped I/O, so every read and write goes through us. */
static const sqlite3_io_methods fault_methods = {
    2, f_close, f_read, f_write, f_truncate, f_sync, f_file_size, f_lock, f_unlock,
    f_check_reserved_lock, f_file_control, f_sector_size, f_device_characteristics,
    f_shm_map, f_shm_lock, f_shm_barrier, f_shm_unmap, 0, 0
};

static int v_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out_flags) {
    FaultFile *file = (FaultFile *)f;
    int rc;
    (void)vfs;
    file->real = (sqlite3_file *)&file[1];
    file->name = name;
    rc = real_vfs->xOpen(real_vfs, name, file->real, flags, out_flags);
    file->base.pMethods = file->real->pMethods ? &fault_methods : 0;
    return rc;
}
static int v_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    (void)vfs;
    return real_vfs->xDelete(real_vfs, name, sync_dir);
}
static int v_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
    (void)vfs;
    return real_vfs->xAccess(real_vfs, name, flags, out);
}
static int v_full_pathname(sqlite3_vfs *vfs, const char *name, int n, char *out) {
    (void)vfs;
    return real_vfs->xFullPathname(real_vfs, name, n, out);
}
static void *v_dl_open(sqlite3_vfs *vfs, const char *name) { (void)vfs; return real_vfs->xDlOpen(real_vfs, name); }
static void v_dl_error(sqlite3_vfs *vfs, int n, char *out) { (void)vfs; real_vfs->xDlError(real_vfs, n, out); }
static void (*v_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    (void)vfs;
    return real_vfs->xDlSym(real_vfs, handle, symbol);
}
static void v_dl_close(sqlite3_vfs *vfs, void *handle) { (void)vfs; real_vfs->xDlClose(real_vfs, handle); }
static int v_randomness(sqlite3_vfs *vfs, int n, char *out) { (void)vfs; return real_vfs->xRandomness(real_vfs, n, out); }
static int v_sleep(sqlite3_vfs *vfs, int microseconds) { (void)vfs; return real_vfs->xSleep(real_vfs, microseconds); }
static int v_current_time(sqlite3_vfs *vfs, double *out) { (void)vfs; return real_vfs->xCurrentTime(real_vfs, out); }
static int v_get_last_error(sqlite3_vfs *vfs, int n, char *out) {
    (void)vfs;
    return real_vfs->xGetLastError ? real_vfs->xGetLastError(real_vfs, n, out) : 0;
}
static int v_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
    (void)vfs;
    return real_vfs->xCurrentTimeInt64(real_vfs, out);
}

int slate_fault_vfs_register(void) {
    int rc = SQLITE_OK;
    pthread_mutex_lock(&fault_lock);
    if (real_vfs == 0) {
        real_vfs = sqlite3_vfs_find(0);
        if (real_vfs == 0) {
            pthread_mutex_unlock(&fault_lock);
            return SQLITE_ERROR;
        }
        memset(&fault_vfs, 0, sizeof(fault_vfs));
        fault_vfs.iVersion = 2;
        fault_vfs.szOsFile = (int)sizeof(FaultFile) + real_vfs->szOsFile;
        fault_vfs.mxPathname = real_vfs->mxPathname;
        fault_vfs.zName = "slate-fault";
        fault_vfs.xOpen = v_open;
        fault_vfs.xDelete = v_delete;
        fault_vfs.xAccess = v_access;
        fault_vfs.xFullPathname = v_full_pathname;
        fault_vfs.xDlOpen = v_dl_open;
        fault_vfs.xDlError = v_dl_error;
        fault_vfs.xDlSym = v_dl_sym;
        fault_vfs.xDlClose = v_dl_close;
        fault_vfs.xRandomness = v_randomness;
        fault_vfs.xSleep = v_sleep;
        fault_vfs.xCurrentTime = v_current_time;
        fault_vfs.xGetLastError = v_get_last_error;
        fault_vfs.xCurrentTimeInt64 = v_current_time_int64;
        rc = sqlite3_vfs_register(&fault_vfs, 0);
    }
    pthread_mutex_unlock(&fault_lock);
    return rc;
}

void slate_fault_vfs_arm(int kind, int countdown, int error_code, const char *path_part) {
    pthread_mutex_lock(&fault_lock);
    armed_kind = kind;
    armed_countdown = countdown;
    armed_code = error_code;
    armed_path[0] = 0;
    if (path_part) {
        strncpy(armed_path, path_part, sizeof(armed_path) - 1);
        armed_path[sizeof(armed_path) - 1] = 0;
    }
    pthread_mutex_unlock(&fault_lock);
}

void slate_fault_vfs_disarm(void) {
    pthread_mutex_lock(&fault_lock);
    armed_kind = SLATE_FAULT_NONE;
    pthread_mutex_unlock(&fault_lock);
}

int slate_fault_vfs_fired_count(void) {
    int n;
    pthread_mutex_lock(&fault_lock);
    n = fired;
    pthread_mutex_unlock(&fault_lock);
    return n;
}
