#!/bin/sh
# A partner's own integration in shell with curl and openssl: authorize, token, locations (bearer), one signed export.
set -eu
location=$(curl -sS -o /dev/null -w '%{redirect_url}' "$PARTNER_AUTH_URL/oauth2/authorize/?client_id=$PARTNER_CLIENT_ID&redirect_uri=$PARTNER_REDIRECT_URI&response_type=code")
code=$(printf '%s' "$location" | sed -n 's/.*[?&]code=\([^&]*\).*/\1/p')
token=$(curl -sS -H 'content-type: application/json' \
  -d "{\"grant_type\":\"authorization_code\",\"code\":\"$code\",\"redirect_uri\":\"$PARTNER_REDIRECT_URI\",\"client_id\":\"$PARTNER_CLIENT_ID\",\"client_secret\":\"$PARTNER_CLIENT_SECRET\"}" \
  "$PARTNER_AUTH_URL/oauth2/token/" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')
id=$(curl -sS -H "authorization: Bearer $token" "$PARTNER_BASE_URL/marketplace/v2/platform-token/locations" | sed -n 's/.*"results":\[{"id":\([0-9]*\).*/\1/p')
path="/api/v1/export/$id/tickets"
ts=$(date +%s)
signature=$(printf '%s' "${PARTNER_CLIENT_ID}GET${path}${ts}" | openssl dgst -sha256 -hmac "$PARTNER_CLIENT_SECRET" | sed 's/.*= //')
status=$(curl -sS -o /dev/null -w '%{http_code}' -g -H "x-access-key: $PARTNER_CLIENT_ID" -H "x-timestamp: $ts" -H "x-signature: $signature" \
  "$PARTNER_BASE_URL$path?filter[dateTimeFrom]=2026-01-01&filter[dateTimeTo]=2026-01-07")
echo "export $status"
echo "curl client done"
