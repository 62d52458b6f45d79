import { asciiLiteral, jsonLiteral, phpLiteral, shellLiteral } from './literals'
import type { SigningVector } from './test-vectors'

const rows = (vectors: SigningVector[], row: (v: SigningVector) => string) => vectors.map(row).join('\n')
const args = (v: SigningVector, lit: (s: string) => string) =>
  [v.name, v.clientId, v.clientSecret, v.method, v.path, v.body, String(v.timestamp), v.canonical, v.signature].map(lit).join(', ')

/** Java 11+, JDK only. */
export function javaCode(vectors: SigningVector[]): string {
  return `// Partner API request signing (spec 5.2), Java 11+, JDK only.
// Try:   PARTNER_CLIENT_ID=... PARTNER_CLIENT_SECRET=... java PartnerSigner.java sign GET /api/v1/export/1/tickets
// Check: java PartnerSigner.java --self-test
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public final class PartnerSigner {
    /** The path that is signed: no scheme/host, no query or fragment, lower-cased. */
    public static String signedPath(String path) {
        String p = path.replaceFirst("^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*", "");
        int cut = p.indexOf('#');
        if (cut >= 0) p = p.substring(0, cut);
        cut = p.indexOf('?');
        if (cut >= 0) p = p.substring(0, cut);
        return (p.isEmpty() ? "/" : p).toLowerCase(Locale.ROOT);
    }

    /** client_id + METHOD + path + body ("" when none, never "null") + timestamp, without separators. */
    public static String canonicalString(String clientId, String method, String path, String body, long timestamp) {
        return clientId + method.toUpperCase(Locale.ROOT) + signedPath(path) + (body == null ? "" : body) + timestamp;
    }

    /** Hex HMAC-SHA256 of the canonical string, keyed with the client secret (UTF-8 both). */
    public static String sign(String clientSecret, String clientId, String method, String path, String body, long timestamp) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(clientSecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] digest = mac.doFinal(canonicalString(clientId, method, path, body, timestamp).getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder();
            for (byte b : digest) hex.append(String.format("%02x", b));
            return hex.toString();
        } catch (Exception e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }

    /** The three headers, made now: call it for every request and retry (a signature lives 10 s). */
    public static Map<String, String> signHeaders(String clientId, String clientSecret, String method, String path, String body) {
        long timestamp = System.currentTimeMillis() / 1000L;
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("x-access-key", clientId);
        headers.put("x-timestamp", Long.toString(timestamp));
        headers.put("x-signature", sign(clientSecret, clientId, method, path, body, timestamp));
        return headers;
    }

    static final String[][] VECTORS = {
${rows(vectors, v => `        {${args(v, asciiLiteral)}},`)}
    };

    static int selfTest() {
        int failed = 0;
        for (String[] v : VECTORS) {
            String c = canonicalString(v[1], v[3], v[4], v[5], Long.parseLong(v[6]));
            String s = sign(v[2], v[1], v[3], v[4], v[5], Long.parseLong(v[6]));
            boolean ok = c.equals(v[7]) && s.equals(v[8]);
            if (!ok) failed++;
            System.out.println((ok ? "ok   " : "FAIL ") + v[0] + (ok ? "" : " got " + s + ", want " + v[8]));
        }
        System.out.println(failed == 0 ? "all " + VECTORS.length + " vectors pass" : failed + " vector(s) fail");
        return failed == 0 ? 0 : 1;
    }

    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals("--self-test")) System.exit(selfTest());
        if (args.length >= 3 && args[0].equals("sign")) {
            String id = System.getenv("PARTNER_CLIENT_ID");
            String secret = System.getenv("PARTNER_CLIENT_SECRET");
            if (id == null || secret == null) { System.err.println("Set PARTNER_CLIENT_ID and PARTNER_CLIENT_SECRET."); System.exit(2); }
            for (Map.Entry<String, String> h : signHeaders(id, secret, args[1], args[2], args.length > 3 ? args[3] : "").entrySet())
                System.out.println(h.getKey() + ": " + h.getValue());
            return;
        }
        System.err.println("usage: java PartnerSigner.java --self-test | sign METHOD PATH [BODY]");
        System.exit(2);
    }
}
`
}

/** C# (.NET 6+), BCL only. */
export function csharpCode(vectors: SigningVector[]): string {
  return `// Partner API request signing (spec 5.2), C# / .NET 6+, BCL only.
// Check: dotnet run -- --self-test   (in a console project holding this file)
using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;

public static class PartnerSigner
{
    /// <summary>The path that is signed: no scheme/host, no query or fragment, lower-cased.</summary>
    public static string SignedPath(string path)
    {
        var p = Regex.Replace(path, "^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*", "");
        var cut = p.IndexOf('#');
        if (cut >= 0) p = p.Substring(0, cut);
        cut = p.IndexOf('?');
        if (cut >= 0) p = p.Substring(0, cut);
        return (p.Length == 0 ? "/" : p).ToLowerInvariant();
    }

    /// <summary>client_id + METHOD + path + body ("" when none, never "null") + timestamp, without separators.</summary>
    public static string CanonicalString(string clientId, string method, string path, string? body, long timestamp) =>
        clientId + method.ToUpperInvariant() + SignedPath(path) + (body ?? "") + timestamp.ToString(System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>Hex HMAC-SHA256 of the canonical string, keyed with the client secret (UTF-8 both).</summary>
    public static string Sign(string clientSecret, string clientId, string method, string path, string? body, long timestamp)
    {
        using var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(clientSecret));
        var digest = hmac.ComputeHash(Encoding.UTF8.GetBytes(CanonicalString(clientId, method, path, body, timestamp)));
        return Convert.ToHexString(digest).ToLowerInvariant();
    }

    /// <summary>The three headers, made now: call it for every request and retry (a signature lives 10 s).</summary>
    public static Dictionary<string, string> SignHeaders(string clientId, string clientSecret, string method, string path, string? body)
    {
        var timestamp = DateTimeOffset.UtcNow.ToUnixTimeSeconds();
        return new Dictionary<string, string>
        {
            ["x-access-key"] = clientId,
            ["x-timestamp"] = timestamp.ToString(System.Globalization.CultureInfo.InvariantCulture),
            ["x-signature"] = Sign(clientSecret, clientId, method, path, body, timestamp),
        };
    }

    static readonly string[][] Vectors =
    {
${rows(vectors, v => `        new[] { ${args(v, asciiLiteral)} },`)}
    };

    public static int SelfTest()
    {
        var failed = 0;
        foreach (var v in Vectors)
        {
            var c = CanonicalString(v[1], v[3], v[4], v[5], long.Parse(v[6]));
            var s = Sign(v[2], v[1], v[3], v[4], v[5], long.Parse(v[6]));
            var ok = c == v[7] && s == v[8];
            if (!ok) failed++;
            Console.WriteLine((ok ? "ok   " : "FAIL ") + v[0] + (ok ? "" : $" got {s}, want {v[8]}"));
        }
        Console.WriteLine(failed == 0 ? $"all {Vectors.Length} vectors pass" : $"{failed} vector(s) fail");
        return failed == 0 ? 0 : 1;
    }
}
`
}

/** Go, standard library only. */
export function goCode(vectors: SigningVector[]): string {
  return `// Partner API request signing (spec 5.2), Go, standard library only.
// Check: go run partnersign.go --self-test
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var schemeAndHost = regexp.MustCompile(\`^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*\`)

// SignedPath is the path that is signed: no scheme/host, no query or fragment, lower-cased.
func SignedPath(path string) string {
	p := schemeAndHost.ReplaceAllString(path, "")
	if i := strings.IndexByte(p, '#'); i >= 0 {
		p = p[:i]
	}
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	if p == "" {
		p = "/"
	}
	return strings.ToLower(p)
}

// CanonicalString is client_id + METHOD + path + body ("" when none) + timestamp, without separators.
func CanonicalString(clientID, method, path, body string, timestamp int64) string {
	return clientID + strings.ToUpper(method) + SignedPath(path) + body + strconv.FormatInt(timestamp, 10)
}

// Sign is the hex HMAC-SHA256 of the canonical string, keyed with the client secret.
func Sign(clientSecret, clientID, method, path, body string, timestamp int64) string {
	mac := hmac.New(sha256.New, []byte(clientSecret))
	mac.Write([]byte(CanonicalString(clientID, method, path, body, timestamp)))
	return hex.EncodeToString(mac.Sum(nil))
}

// SignHeaders makes the three headers now: call it for every request and retry (a signature lives 10 s).
func SignHeaders(clientID, clientSecret, method, path, body string) map[string]string {
	ts := time.Now().Unix()
	return map[string]string{
		"x-access-key": clientID,
		"x-timestamp":  strconv.FormatInt(ts, 10),
		"x-signature":  Sign(clientSecret, clientID, method, path, body, ts),
	}
}

var vectors = [][9]string{
${rows(vectors, v => `\t{${args(v, jsonLiteral)}},`)}
}

func selfTest() int {
	failed := 0
	for _, v := range vectors {
		ts, _ := strconv.ParseInt(v[6], 10, 64)
		c := CanonicalString(v[1], v[3], v[4], v[5], ts)
		s := Sign(v[2], v[1], v[3], v[4], v[5], ts)
		if c == v[7] && s == v[8] {
			fmt.Println("ok   " + v[0])
		} else {
			failed++
			fmt.Printf("FAIL %s got %s, want %s\\n", v[0], s, v[8])
		}
	}
	if failed == 0 {
		fmt.Printf("all %d vectors pass\\n", len(vectors))
		return 0
	}
	fmt.Printf("%d vector(s) fail\\n", failed)
	return 1
}

func main() {
	if len(os.Args) == 2 && os.Args[1] == "--self-test" {
		os.Exit(selfTest())
	}
	fmt.Fprintln(os.Stderr, "usage: go run partnersign.go --self-test")
	os.Exit(2)
}
`
}

/** PHP 7.4+, no extensions beyond the default hash. */
export function phpCode(vectors: SigningVector[]): string {
  return `<?php
// Partner API request signing (docs/api.md#hmac-signature), PHP 7.4+, no extra extensions.
// Check: php partner_sign.php --self-test

/** The path that is signed: no scheme/host, no query or fragment, lower-cased. */
function partner_signed_path(string $path): string
{
    $p = preg_replace('#^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*#', '', $path);
    $p = explode('?', explode('#', $p)[0])[0];
    return strtolower($p === '' ? '/' : $p);
}

/** client_id + METHOD + path + body ('' when none, never "null") + timestamp, without separators. */
function partner_canonical_string(string $clientId, string $method, string $path, ?string $body, int $timestamp): string
{
    return $clientId . strtoupper($method) . partner_signed_path($path) . ($body ?? '') . (string) $timestamp;
}

/** Hex HMAC-SHA256 of the canonical string, keyed with the client secret. */
function partner_sign(string $clientSecret, string $clientId, string $method, string $path, ?string $body, int $timestamp): string
{
    return hash_hmac('sha256', partner_canonical_string($clientId, $method, $path, $body, $timestamp), $clientSecret);
}

/** The three headers, made now: call it for every request and retry (a signature lives 10 s). */
function partner_sign_headers(string $clientId, string $clientSecret, string $method, string $path, ?string $body): array
{
    $ts = time();
    return ['x-access-key' => $clientId, 'x-timestamp' => (string) $ts, 'x-signature' => partner_sign($clientSecret, $clientId, $method, $path, $body, $ts)];
}

const PARTNER_VECTORS = [
${rows(vectors, v => `    [${args(v, phpLiteral)}],`)}
];

function partner_self_test(): int
{
    $failed = 0;
    foreach (PARTNER_VECTORS as $v) {
        $c = partner_canonical_string($v[1], $v[3], $v[4], $v[5], (int) $v[6]);
        $s = partner_sign($v[2], $v[1], $v[3], $v[4], $v[5], (int) $v[6]);
        $ok = $c === $v[7] && $s === $v[8];
        if (!$ok) $failed++;
        echo ($ok ? 'ok   ' : 'FAIL ') . $v[0] . ($ok ? '' : " got $s, want {$v[8]}") . "\\n";
    }
    echo $failed === 0 ? 'all ' . count(PARTNER_VECTORS) . " vectors pass\\n" : "$failed vector(s) fail\\n";
    return $failed === 0 ? 0 : 1;
}

if (PHP_SAPI === 'cli' && realpath($argv[0]) === __FILE__ && ($argv[1] ?? '') === '--self-test') {
    exit(partner_self_test());
}
`
}

/** bash + openssl. */
export function shellCode(vectors: SigningVector[]): string {
  return `#!/usr/bin/env bash
# Partner API request signing (spec 5.2) with bash and openssl.
# Use:   source partner-sign.sh; partner_sign_headers GET /api/v1/export/1/tickets ''
# Try:   PARTNER_CLIENT_ID=... PARTNER_CLIENT_SECRET=... bash partner-sign.sh sign GET /api/v1/export/1/tickets
# Check: bash partner-sign.sh --self-test
# Note: openssl takes the key as an argument, so it is visible to other users of this machine while it runs.

# The path that is signed: no scheme/host, no query or fragment, lower-cased.
partner_signed_path() {
  local p="$1"
  p=$(printf '%s' "$p" | sed -E 's#^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*##')
  p="\${p%%#*}"
  p="\${p%%\\?*}"
  [ -z "$p" ] && p=/
  printf '%s' "$p" | tr '[:upper:]' '[:lower:]'
}

# client_id + METHOD + path + body ('' when none) + timestamp, without separators.
partner_canonical_string() { # CLIENT_ID METHOD PATH BODY TIMESTAMP
  printf '%s%s%s%s%s' "$1" "$(printf '%s' "$2" | tr '[:lower:]' '[:upper:]')" "$(partner_signed_path "$3")" "$4" "$5"
}

# Hex HMAC-SHA256 of the canonical string, keyed with the secret.
partner_sign() { # SECRET CLIENT_ID METHOD PATH BODY TIMESTAMP
  partner_canonical_string "$2" "$3" "$4" "$5" "$6" | openssl dgst -sha256 -hmac "$1" | sed 's/^.*= //'
}

# The three headers, made now (a signature lives 10 s): one per line, "name: value".
partner_sign_headers() { # METHOD PATH BODY (PARTNER_CLIENT_ID, PARTNER_CLIENT_SECRET from the environment)
  local ts
  ts=$(date +%s)
  printf 'x-access-key: %s\\nx-timestamp: %s\\nx-signature: %s\\n' "$PARTNER_CLIENT_ID" "$ts" \\
    "$(partner_sign "$PARTNER_CLIENT_SECRET" "$PARTNER_CLIENT_ID" "$1" "$2" "$3" "$ts")"
}

partner_self_test() {
  local failed=0 n=0
  while IFS= read -r -d '' name && IFS= read -r -d '' id && IFS= read -r -d '' secret && IFS= read -r -d '' method \\
    && IFS= read -r -d '' path && IFS= read -r -d '' body && IFS= read -r -d '' ts && IFS= read -r -d '' canonical \\
    && IFS= read -r -d '' signature; do
    n=$((n + 1))
    local c s
    c=$(partner_canonical_string "$id" "$method" "$path" "$body" "$ts"; printf x)
    c="\${c%x}"
    s=$(partner_sign "$secret" "$id" "$method" "$path" "$body" "$ts")
    if [ "$c" = "$canonical" ] && [ "$s" = "$signature" ]; then echo "ok   $name"; else failed=$((failed + 1)); echo "FAIL $name got $s, want $signature"; fi
  done < <(
${rows(vectors, v => `    printf '%s\\0' ${args(v, shellLiteral).replace(/, /g, ' ')}`)}
  )
  if [ "$failed" -eq 0 ]; then echo "all $n vectors pass"; return 0; fi
  echo "$failed vector(s) fail"
  return 1
}

if [ "\${BASH_SOURCE[0]}" = "$0" ]; then
  case "\${1:-}" in
    --self-test) partner_self_test; exit $? ;;
    sign)
      : "\${PARTNER_CLIENT_ID:?set PARTNER_CLIENT_ID}" "\${PARTNER_CLIENT_SECRET:?set PARTNER_CLIENT_SECRET}"
      partner_sign_headers "$2" "$3" "\${4:-}" ;;
    *) echo "usage: bash partner-sign.sh --self-test | sign METHOD PATH [BODY]" >&2; exit 2 ;;
  esac
fi
`
}
