// The JDK 17 HttpClient (HTTP/2 by default) as an Android or backend Java app uses it, for the
// end-to-end tests: `java Tests/Peers/H2Client.java BASE_URL CA_FILE COPIES [REQUEST HEADERS BODY]...`
// sends each request COPIES times at once on one client (one HTTP/2 connection, many streams) and
// prints one line per answer: the protocol version, the status and the body on one line.
import java.io.FileInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

public class H2Client {
    public static void main(String[] arguments) throws Exception {
        String base = arguments[0];
        int copies = Integer.parseInt(arguments[2]);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).sslContext(trusting(arguments[1])).build();
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        // Each request is three arguments: "METHOD PATH", the header lines ("Name: value", one a line), the body.
        for (int index = 3; index + 2 < arguments.length; index += 3) {
            String[] line = arguments[index].split(" ", 2);
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + line[1]));
            for (String header : arguments[index + 1].split("\n")) {
                int colon = header.indexOf(": ");
                if (colon > 0) builder.header(header.substring(0, colon), header.substring(colon + 2));
            }
            String body = arguments[index + 2];
            builder.method(line[0], body.isEmpty() ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            HttpRequest request = builder.build();
            for (int copy = 0; copy < copies; copy++) answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> answer : answers) {
            HttpResponse<String> response = answer.get();
            System.out.println(response.version() + " " + response.statusCode() + " " + response.body().replace("\n", " "));
        }
    }

    /// A TLS context that trusts the development CA alone.
    private static SSLContext trusting(String caFile) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        try (InputStream input = new FileInputStream(caFile)) {
            store.setCertificateEntry("countersign-ca", CertificateFactory.getInstance("X.509").generateCertificate(input));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }
}
