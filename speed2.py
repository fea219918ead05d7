import sys, time, random
sys.path.insert(0, '/work/wt23/src')
from ludoverse.core.records import GameRecord
from ludoverse.review.engine import decisions, review_bot
g=sys.argv[1]
rec = GameRecord.read(f"/tmp/rv/{g}.json")
todo, forced, fin = decisions(rec, 0)
bot = review_bot("ismcts:iters=300")
tot=0; n=0
for step, st, a in todo[::12]:
    rng = random.Random(1)
    w = st.determinize(0, rng)
    t=time.perf_counter(); r = bot.search(w, 0, rng); t1=time.perf_counter()-t
    tot+=t1; n+=1
    print(step, len(st.legal_actions()), len(r.visits), f"{t1:.2f}s", f"{r.iterations/t1:.0f} it/s")
print("mean it/s", 300*n/tot)
