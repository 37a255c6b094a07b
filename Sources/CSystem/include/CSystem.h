#ifndef LAYOUTD_CSYSTEM_H
#define LAYOUTD_CSYSTEM_H

// The Linux headers that Glibc's Swift module leaves out.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <netinet/tcp.h>
#include <pthread.h>

/// accept4(2), which Glibc declares only under _GNU_SOURCE.
int csystem_accept4(int fd, int flags);

/// pthread_setname_np(3), which Glibc declares only under _GNU_SOURCE.
int csystem_set_thread_name(pthread_t thread, const char *name);

#endif
