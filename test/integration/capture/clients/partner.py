# A partner's own integration in Python with requests: authorize, token, locations (bearer), one signed export.
# It knows nothing of the console: PARTNER_* variables, and in proxy mode the proxy and CA variables requests reads.
import hashlib, hmac, json, os, time, urllib.parse
import requests

auth, base = os.environ["PARTNER_AUTH_URL"], os.environ["PARTNER_BASE_URL"]
cid, secret, redirect = os.environ["PARTNER_CLIENT_ID"], os.environ["PARTNER_CLIENT_SECRET"], os.environ["PARTNER_REDIRECT_URI"]
r = requests.get(f"{auth}/oauth2/authorize/", params={"client_id": cid, "redirect_uri": redirect, "response_type": "code"}, allow_redirects=False)
code = urllib.parse.parse_qs(urllib.parse.urlparse(r.headers["location"]).query)["code"][0]
token = requests.post(f"{auth}/oauth2/token/", json={"grant_type": "authorization_code", "code": code, "redirect_uri": redirect, "client_id": cid, "client_secret": secret}).json()
locations = requests.get(f"{base}/marketplace/v2/platform-token/locations", headers={"Authorization": f"Bearer {token['access_token']}"}).json()
path = f"/api/v1/export/{locations['results'][0]['id']}/tickets"
ts = str(int(time.time()))
signature = hmac.new(secret.encode(), f"{cid}GET{path.lower()}{ts}".encode(), hashlib.sha256).hexdigest()
r = requests.get(f"{base}{path}", params={"filter[dateTimeFrom]": "2026-01-01", "filter[dateTimeTo]": "2026-01-07"}, headers={"x-access-key": cid, "x-timestamp": ts, "x-signature": signature})
print(f"export {r.status_code}")
print("python client done")
