// Wrappers for the calls Glibc declares only under _GNU_SOURCE.
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/socket.h>
#include "CSystem.h"

int csystem_accept4(int fd, int flags) {
    return accept4(fd, NULL, NULL, flags);
}

int csystem_set_thread_name(pthread_t thread, const char *name) {
    return pthread_setname_np(thread, name);
}
