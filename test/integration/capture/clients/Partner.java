// A partner's own integration in Java (HttpClient, JDK 11+): authorize, token, locations (bearer), one signed export.
// It knows nothing of the console: PARTNER_* variables, and in proxy mode -Dhttp(s).proxyHost/Port and a trust store.
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HexFormat;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class Partner {
  public static void main(String[] args) throws Exception {
    var env = System.getenv();
    String auth = env.get("PARTNER_AUTH_URL"), base = env.get("PARTNER_BASE_URL");
    String id = env.get("PARTNER_CLIENT_ID"), secret = env.get("PARTNER_CLIENT_SECRET"), redirect = env.get("PARTNER_REDIRECT_URI");
    var builder = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER);
    String proxy = env.get("HTTP_PROXY");
    if (proxy != null && !proxy.isEmpty()) {
      URI p = URI.create(proxy);
      builder.proxy(ProxySelector.of(new InetSocketAddress(p.getHost(), p.getPort())));
    }
    HttpClient http = builder.build();
    var authorize = http.send(HttpRequest.newBuilder(URI.create(auth + "/oauth2/authorize/?client_id=" + id + "&redirect_uri=" + redirect + "&response_type=code")).build(), HttpResponse.BodyHandlers.ofString());
    String location = authorize.headers().firstValue("location").orElseThrow();
    String code = find("[?&]code=([^&]+)", location);
    String body = "{\"grant_type\":\"authorization_code\",\"code\":\"" + code + "\",\"redirect_uri\":\"" + redirect + "\",\"client_id\":\"" + id + "\",\"client_secret\":\"" + secret + "\"}";
    var token = http.send(HttpRequest.newBuilder(URI.create(auth + "/oauth2/token/")).header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    String access = find("\"access_token\":\"([^\"]+)\"", token.body());
    var locations = http.send(HttpRequest.newBuilder(URI.create(base + "/marketplace/v2/platform-token/locations")).header("authorization", "Bearer " + access).build(), HttpResponse.BodyHandlers.ofString());
    String path = "/api/v1/export/" + find("\"results\":\\[\\{\"id\":(\\d+)", locations.body()) + "/tickets";
    String ts = Long.toString(System.currentTimeMillis() / 1000);
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes("UTF-8"), "HmacSHA256"));
    String signature = HexFormat.of().formatHex(mac.doFinal((id + "GET" + path.toLowerCase() + ts).getBytes("UTF-8")));
    var export = http.send(HttpRequest.newBuilder(URI.create(base + path + "?filter%5BdateTimeFrom%5D=2026-01-01&filter%5BdateTimeTo%5D=2026-01-07"))
        .header("x-access-key", id).header("x-timestamp", ts).header("x-signature", signature).build(), HttpResponse.BodyHandlers.ofString());
    System.out.println("export " + export.statusCode());
    System.out.println("java client done");
  }

  static String find(String regex, String text) {
    var m = Pattern.compile(regex).matcher(text);
    if (!m.find()) throw new IllegalStateException("no " + regex + " in " + text);
    return m.group(1);
  }
}
