// Put this on any GameObject (no scene ships with the sample), set serviceUrl to the service's HTTP
// port and press Play: the Console shows each move, the typed view after it, and the winners.
// Leaving Play mode cancels the game's call in flight.
using System;
using System.Threading;
using UnityEngine;

namespace Tabletop.Client.Samples
{
    public class TabletopSample : MonoBehaviour
    {
        public string serviceUrl = "http://127.0.0.1:8080";
        public TablePlaySettings settings = new TablePlaySettings();
        // Each attempt's limit in seconds, and attempts while the service is unavailable.
        public float timeoutSeconds = 10;
        public int maxAttempts = 4;

        readonly CancellationTokenSource quit = new CancellationTokenSource();

        // Unity runs an async Start to its first await and the rest on the main thread as answers come.
        async void Start()
        {
            var client = new TabletopClient(serviceUrl) {
                Timeout = TimeSpan.FromSeconds(timeoutSeconds), MaxAttempts = maxAttempts };
            try
            {
                await TablePlay.PlayAsync(client, settings, new System.Random(), line => Debug.Log(line), quit.Token);
            }
            catch (OperationCanceledException)
            {
                Debug.Log("tabletop: stopped");
            }
            catch (TabletopException e)
            {
                // e.Reason is the service's stable reason, e.g. "bad_option_value" for 2-seat White Hat without robot=true.
                Debug.LogError("tabletop: " + e.Message);
            }
        }

        void OnDestroy()
        {
            quit.Cancel();
            quit.Dispose();
        }
    }
}
