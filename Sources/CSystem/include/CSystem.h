#ifndef LAYOUTD_CSYSTEM_H
#define LAYOUTD_CSYSTEM_H

// The Linux headers that Glibc's Swift module leaves out.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <netinet/tcp.h>

#endif
