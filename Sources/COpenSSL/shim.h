#ifndef COUNTERSIGN_COPENSSL_SHIM_H
#define COUNTERSIGN_COPENSSL_SHIM_H

#define OPENSSL_SUPPRESS_DEPRECATED 1

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/*
 * Shims for what Swift cannot call directly: OpenSSL macros (function-like
 * macros, and constants built from casts and shifts). Each one only forwards
 * to the macro of the same name, so the OpenSSL manual pages apply.
 */

/* ---- memory ---- */

static inline void cs_OPENSSL_free(void *pointer) { OPENSSL_free(pointer); }

/* ---- BIO ---- */

static inline long cs_BIO_get_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }

/* ---- SSL_CTX configuration ---- */

static inline int cs_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_min_proto_version(context, version);
}
static inline int cs_SSL_CTX_set_max_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_max_proto_version(context, version);
}
static inline long cs_SSL_CTX_set_mode(SSL_CTX *context, long mode) { return SSL_CTX_set_mode(context, mode); }
static inline long cs_SSL_set_mode(SSL *ssl, long mode) { return SSL_set_mode(ssl, mode); }
static inline long cs_SSL_clear_mode(SSL *ssl, long mode) { return SSL_clear_mode(ssl, mode); }
static inline int cs_SSL_CTX_set1_groups_list(SSL_CTX *context, const char *groups) {
    return (int)SSL_CTX_set1_groups_list(context, groups);
}
static inline long cs_SSL_CTX_set_session_cache_mode(SSL_CTX *context, long mode) {
    return SSL_CTX_set_session_cache_mode(context, mode);
}
static inline int cs_SSL_CTX_add1_chain_cert(SSL_CTX *context, X509 *certificate) {
    return (int)SSL_CTX_add1_chain_cert(context, certificate);
}
static inline int cs_SSL_CTX_set_app_data(SSL_CTX *context, void *data) { return SSL_CTX_set_app_data(context, data); }
static inline void *cs_SSL_CTX_get_app_data(const SSL_CTX *context) { return SSL_CTX_get_app_data(context); }

static const uint64_t CS_SSL_OP_NO_RENEGOTIATION = SSL_OP_NO_RENEGOTIATION;
static const uint64_t CS_SSL_OP_NO_COMPRESSION = SSL_OP_NO_COMPRESSION;
static const uint64_t CS_SSL_OP_NO_TICKET = SSL_OP_NO_TICKET;
static const uint64_t CS_SSL_OP_CIPHER_SERVER_PREFERENCE = SSL_OP_CIPHER_SERVER_PREFERENCE;
static const uint64_t CS_SSL_OP_PRIORITIZE_CHACHA = SSL_OP_PRIORITIZE_CHACHA;

/* ---- SSL (one connection) ---- */

static inline int cs_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/* ---- stacks ---- */

static inline int cs_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }
static inline X509 *cs_sk_X509_value(const STACK_OF(X509) *stack, int index) { return sk_X509_value(stack, index); }
static inline void cs_sk_X509_pop_free(STACK_OF(X509) *stack) { sk_X509_pop_free(stack, X509_free); }

static inline GENERAL_NAMES *cs_sk_GENERAL_NAME_new_null(void) { return sk_GENERAL_NAME_new_null(); }
static inline int cs_sk_GENERAL_NAME_push(GENERAL_NAMES *names, GENERAL_NAME *name) {
    return sk_GENERAL_NAME_push(names, name);
}

/* ---- names ---- */

/* RFC 2253 one-line form ("CN=x,O=y"), keeping UTF-8 as is instead of escaping it as \XX. */
static const unsigned long CS_XN_FLAG_RFC2253_UTF8 = XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB;

#endif
