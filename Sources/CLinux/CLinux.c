#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <sys/socket.h>
#include "CLinux.h"

int cs_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

void cs_set_thread_name(const char *name) {
    char truncated[16];
    int index = 0;
    for (; index < 15 && name[index] != '\0'; index++) truncated[index] = name[index];
    truncated[index] = '\0';
    pthread_setname_np(pthread_self(), truncated);
}

int cs_affinity_cpu_count(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return 0;
    return CPU_COUNT(&set);
}
