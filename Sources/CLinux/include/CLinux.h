#ifndef COUNTERSIGN_CLINUX_H
#define COUNTERSIGN_CLINUX_H

/* Linux-only calls that Swift's Glibc module does not expose. The GNU extensions are wrapped in
   CLinux.c, compiled with _GNU_SOURCE, so that this header does not change how Glibc's own types
   are declared. */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

/* accept4(2). */
int cs_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

/* Names the calling thread (at most 15 bytes are kept). */
void cs_set_thread_name(const char *name);

/* The number of CPUs in this process's affinity mask, or 0 when it cannot be read. */
int cs_affinity_cpu_count(void);

#endif
